"""dtypes: ops that do not promote, losses that want integer or float labels, integer indices.

TensorFlow never promotes dtypes: ``tf.multiply(ids_int32, scale_float32)`` raises
(graph mode: TypeError "Input 'y' of 'Mul' Op has type float32 that does not match type
int32 of argument 'x'."; eager: InvalidArgumentError "cannot compute Mul as input
#1(zero-based) was expected to be a int32 tensor but is a float tensor").  What meets a
tensor decides:

- another tensor: the dtypes must be equal;
- a Python float (or a list holding one): it becomes float32, so an integer tensor refuses
  it; a Python int fits any numeric tensor;
- a numpy array: converted to the *other* operand's dtype by ``+ - * / @`` and by the second
  argument of ``tf.add``/``tf.multiply``; as the *first* argument it keeps its own dtype
  (np.float64 against a float32 tensor fails in ``tf.matmul`` always, in ``tf.add`` and
  friends while a graph is built), and TensorFlow 1.15's ``tf.matmul`` converts neither.

Only certain dtypes count: a tensor's dtype is certain when it comes from a placeholder,
a cast, a constant of literals, a creation op with its default dtype (tf.zeros: float32,
tf.argmax: int64, tf.shape: int32, np.zeros: float64 …) or from such a tensor through an
op that keeps dtypes.  The line that fixed each dtype is kept (``Tensor.dtype_origin``)
and named in the finding; a dtype read from anywhere else is unknown and yields nothing.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from shapetracer.rules import codes
from shapetracer.domain.dims import FixedLocator, Origin, Shape
from shapetracer.domain.values import Const, DictVal, Obj, Seq, Tensor
from shapetracer.constraints.core import messages
from shapetracer.constraints.core.common import dtype_name
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.spec import ANNOTATORS, OpContext, add_check

INTEGER = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
FLOATING = ("float16", "bfloat16", "float32", "float64")
# The kernel's short names in eager messages (DataTypeString): float32 is "float".
_SHORT = {"float32": "float", "float64": "double", "float16": "half"}


def short(dtype: str) -> str:
    return _SHORT.get(dtype, dtype)


def certain(value: Any) -> str | None:
    """The dtype of a tensor (TensorFlow's or numpy's) when it is certain, else None."""
    if isinstance(value, Tensor) and value.dtype_origin is not None and value.dtype:
        return value.dtype
    return None


def _python_float(value: Any) -> Any | None:
    """A Python float (or a sized list/tuple holding one, and only numbers): it converts to
    float32.  Returns the float met, or None."""
    if isinstance(value, Const):
        if isinstance(value.value, float):
            return value.value
        return None
    if isinstance(value, Seq) and value.sized:
        found = None
        for item in value.items:
            if isinstance(item, Const) and isinstance(item.value, (int, float)) and not isinstance(item.value, bool):
                if isinstance(item.value, float) and found is None:
                    found = item.value
            elif isinstance(item, Seq):
                inner = _python_float(item)
                if inner is None and not _numbers(item):
                    return None
                found = found if found is not None else inner
            else:
                return None
        return found
    return None


def _numbers(value: Seq) -> bool:
    return value.sized and all(
        (isinstance(i, Const) and isinstance(i.value, (int, float)) and not isinstance(i.value, bool))
        or (isinstance(i, Seq) and _numbers(i)) for i in value.items)


def _tf(value: Any) -> bool:
    return isinstance(value, Tensor) and not value.is_numpy


def _np(value: Any) -> bool:
    return isinstance(value, Tensor) and value.is_numpy


# --- where a certain dtype comes from ---------------------------------------------------------

def _literal_dtype(value: Any, floating: str = "float32", integer: str = "int32") -> str | None:
    """The dtype TensorFlow (or numpy, with float64/int64) gives a Python literal."""
    if isinstance(value, Const):
        if isinstance(value.value, bool):
            return "bool"
        if isinstance(value.value, int):
            return integer
        if isinstance(value.value, float):
            return floating
        return None
    if isinstance(value, Seq) and value.items and _numbers(value):
        return floating if _python_float(value) is not None else integer
    return None


def _given(args: dict, name: str) -> str | None:
    return dtype_name(args.get(name)) if args.get(name) is not None else None


def _constant(args: dict) -> str | None:
    given = _given(args, "dtype")
    if given:
        return given
    value = args.get("value")
    return certain(value) or _literal_dtype(value)


def _np_array(args: dict) -> str | None:
    given = _given(args, "dtype")
    if given:
        return given
    value = args.get("object")
    if isinstance(value, Seq) and value.sized and value.items and _texts(value) is not None:
        return "str"
    return certain(value) or _literal_dtype(value, "float64", "int64")


def _texts(value: Any) -> list[str] | None:
    """The strings of a (nested) list that holds only strings, else None."""
    found: list[str] = []
    for item in value.items if isinstance(value, Seq) and value.sized else [None]:
        if isinstance(item, Const) and isinstance(item.value, str):
            found.append(item.value)
        elif isinstance(item, Seq):
            inner = _texts(item)
            if inner is None:
                return None
            found.extend(inner)
        else:
            return None
    return found


def _variable(args: dict) -> str | None:
    given = _given(args, "dtype")
    if given:
        return given
    value = args.get("initial_value")
    return certain(value) or _literal_dtype(value)


def _get_variable(args: dict) -> str | None:
    initializer = args.get("initializer")
    if isinstance(initializer, (Tensor, Seq, Const)) and not (isinstance(initializer, Const)
                                                              and initializer.value is None):
        return None  # the dtype then comes from the initializer's value
    return _given(args, "dtype") or "float32"


def _default(name: str, fallback: str) -> Callable[[dict], str | None]:
    """The dtype argument ``name``, or ``fallback`` when it is absent (None when unreadable)."""
    def source(args: dict) -> str | None:
        value = args.get(name)
        if value is None or isinstance(value, Const) and value.value is None:
            return fallback
        return dtype_name(value)
    return source


def _range(args: dict) -> str | None:
    given = _given(args, "dtype")
    if given:
        return given
    values = [args.get(k) for k in ("start", "limit", "delta") if args.get(k) is not None]
    if all(isinstance(v, Const) and isinstance(v.value, int) and not isinstance(v.value, bool) for v in values):
        return "int32"
    return None


def _one_hot(args: dict) -> str | None:
    if args.get("on_value") is not None or args.get("off_value") is not None:
        return _given(args, "dtype")
    return _given(args, "dtype") or "float32"


SOURCES: dict[str, Callable[[dict], str | None]] = {
    "tf.placeholder": lambda args: _given(args, "dtype"),
    "tf.constant": _constant,
    "tf.convert_to_tensor": _constant,
    "tf.cast": lambda args: _given(args, "dtype"),
    "tf.dtypes.cast": lambda args: _given(args, "dtype"),
    "tf.saturate_cast": lambda args: _given(args, "dtype"),
    "tf.to_float": lambda args: "float32",
    "tf.to_double": lambda args: "float64",
    "tf.to_int32": lambda args: "int32",
    "tf.to_int64": lambda args: "int64",
    "tf.zeros": _default("dtype", "float32"),
    "tf.ones": _default("dtype", "float32"),
    "tf.random_normal": _default("dtype", "float32"),
    "tf.random.normal": _default("dtype", "float32"),
    "tf.truncated_normal": _default("dtype", "float32"),
    "tf.random.truncated_normal": _default("dtype", "float32"),
    "tf.random_uniform": _default("dtype", "float32"),
    "tf.random.uniform": _default("dtype", "float32"),
    "tf.range": _range,
    "tf.shape": _default("out_type", "int32"),
    "tf.size": _default("out_type", "int32"),
    "tf.argmax": _default("output_type", "int64"),
    "tf.math.argmax": _default("output_type", "int64"),
    "tf.argmin": _default("output_type", "int64"),
    "tf.math.argmin": _default("output_type", "int64"),
    "tf.Variable": _variable,
    "tf.get_variable": _get_variable,
    "tf.one_hot": _one_hot,
    "np.zeros": _default("dtype", "float64"),
    "np.ones": _default("dtype", "float64"),
    "np.empty": _default("dtype", "float64"),
    "np.random.rand": lambda args: "float64",
    "np.random.randn": lambda args: "float64",
    "np.random.random": lambda args: "float64",
    "np.random.normal": lambda args: "float64",
    # numpy's default integer: int64 on Linux under numpy 1.x and 2.x alike (TF 1.15's numpy
    # 1.18, TF 2.15's 1.26, TF 2.21's 2.x); numpy 1.x on Windows gave int32
    **{f"{where}.{name}": _default("dtype", "int64") if name == "randint" else (lambda args: "int64")
       for where in ("np.random", "np.random.RandomState") for name in ("randint", "poisson", "binomial")},
    "ndarray.astype": lambda args: _given(args, "dtype"),
    "np.array": _np_array,
    "np.asarray": _np_array,
}

# Ops whose result has the dtype of one argument (named), when that dtype is certain.
_FIRST = "<first>"
KEEPERS: dict[str, str] = {
    **{name: _FIRST for name in (
        "tf.reshape", "tf.transpose", "tf.expand_dims", "tf.squeeze", "tf.identity", "tf.stop_gradient",
        "tf.tile", "tf.nn.relu", "tf.nn.relu6", "tf.nn.elu", "tf.nn.selu", "tf.nn.sigmoid", "tf.sigmoid",
        "tf.tanh", "tf.nn.tanh", "tf.nn.softmax", "tf.nn.log_softmax", "tf.nn.dropout", "tf.square",
        "tf.sqrt", "tf.exp", "tf.log", "tf.math.log", "tf.abs", "tf.negative", "tf.reduce_sum",
        "tf.reduce_mean", "tf.reduce_max", "tf.reduce_min", "tf.reduce_prod", "tf.math.reduce_sum",
        "tf.math.reduce_mean", "tf.clip_by_value", "tf.nn.bias_add", "tf.matmul", "tf.linalg.matmul",
        "operator.matmul", "tf.slice", "operator.neg", "tf.nn.l2_normalize", "ndarray.reshape",
        "np.reshape", "np.transpose", "operator.getitem")},
    "tf.gather": "params",
    "tf.nn.embedding_lookup": "params",
}
_ARITHMETIC = ("add", "sub", "subtract", "mul", "multiply", "floordiv", "mod", "pow", "maximum", "minimum",
               "squared_difference")
_TRUEDIV = ("truediv", "divide", "div")


def _stamp(result: Tensor, dtype: str, origin: Origin) -> Tensor:
    """``result`` (a copy, when it carries another dtype origin) with a certain ``dtype``."""
    if result.dtype == dtype and result.dtype_origin is origin:
        return result
    if type(result) is Tensor:  # what dataclasses.replace makes, without its generic walk of the fields
        return Tensor(result.shape, dtype, result.kind, result.origin, result.name, result.elements,
                      result.pending, result.stacked, origin)
    copy = dataclasses.replace(result)
    copy.dtype, copy.dtype_origin = dtype, origin
    return copy


def annotate(ctx: OpContext, args: dict, result: Any) -> Any:
    """Stamp the certain dtype of a result: from a source API, or kept from an argument."""
    if not isinstance(result, Tensor):
        return result
    api = ctx.api
    source = SOURCES.get(api)
    if source is not None:
        dtype = source(args)
        # a spec that computed another dtype knows something this table does not: no certainty
        if dtype and result.dtype in (None, dtype):
            return _stamp(result, dtype, ctx.site.relabelled(f"dtype {dtype} set here", "", (("dtype", dtype),)))
        return result
    keeper = KEEPERS.get(api)
    if keeper is not None:
        values = [v for k, v in args.items() if k != "ctx"]
        first = args.get(keeper) if keeper != _FIRST else (values[0] if values else None)
        dtype = certain(first)
        if dtype and result.dtype in (None, dtype) and (_tf(first) or result.is_numpy):
            return _stamp(result, dtype, first.dtype_origin)
        return result
    base = api.rsplit(".", 1)[-1]
    numpy_product = api in ("np.matmul", "np.dot", "ndarray.dot")
    if numpy_product or api.startswith(("tf.", "operator.")) and (base in _ARITHMETIC or base in _TRUEDIV):
        values = [v for k, v in args.items() if k != "ctx"]
        x, y = (values + [None, None])[:2]
        kept = _kept_dtype(x, y)
        if kept is not None:
            dtype, origin = kept
            if base in _TRUEDIV and dtype in INTEGER or result.dtype not in (None, dtype):
                return result  # int / int is float64 (int8/16: float32); not tracked
            return _stamp(result, dtype, origin)
    return result


def _kept_dtype(x: Any, y: Any) -> tuple[str, Origin] | None:
    """The dtype of a binary op's result when both operands agree (or one is a Python number
    or numpy array, which takes the tensor's dtype)."""
    tensors = [v for v in (x, y) if _tf(v)]
    if not tensors:
        # numpy alone: equal dtypes stay; a Python int keeps any array's, a float a float array's
        arrays = [v for v in (x, y) if certain(v)]
        if len(arrays) == 2 and arrays[0].dtype == arrays[1].dtype:
            return arrays[0].dtype, arrays[0].dtype_origin
        if len(arrays) == 1:
            other = y if arrays[0] is x else x
            number = other.value if isinstance(other, Const) and not isinstance(other.value, bool) else None
            if isinstance(number, int) or (isinstance(number, float) and arrays[0].dtype in FLOATING):
                return arrays[0].dtype, arrays[0].dtype_origin
        return None
    if any(certain(t) is None for t in tensors):
        return None
    if len({t.dtype for t in tensors}) != 1:
        return None
    return tensors[0].dtype, tensors[0].dtype_origin


ANNOTATORS.append(annotate)


# --- checks -----------------------------------------------------------------------------------

# Canonical base name -> the kernel's op name.
_OPS = {
    "add": "AddV2", "sub": "Sub", "subtract": "Sub", "mul": "Mul", "multiply": "Mul", "floordiv": "FloorDiv",
    "mod": "FloorMod", "pow": "Pow", "maximum": "Maximum", "minimum": "Minimum",
    "squared_difference": "SquaredDifference", "equal": "Equal", "not_equal": "NotEqual", "less": "Less",
    "greater": "Greater", "less_equal": "LessEqual", "greater_equal": "GreaterEqual",
}
_OPERATORS = ("operator.add", "operator.sub", "operator.mul", "operator.floordiv", "operator.mod",
              "operator.pow", "operator.truediv")


def _related(*values: Any) -> list[Origin]:
    return [v.dtype_origin for v in values if isinstance(v, Tensor) and v.dtype_origin is not None]


def _mismatch(ctx: OpContext, op: str, x_arg: str, y_arg: str, x_type: str, y_type: str,
              involved: list[Any]) -> None:
    if ctx.graph.mode or ctx.graph.traced:  # a graph is built: the op builder's words
        text = messages.input_type_mismatch(op, y_arg, y_type, x_arg, x_type)
    else:
        text = messages.cannot_compute(op, 1, short(x_type), short(y_type))
    ctx.fail(codes.DTYPE_MISMATCH, ctx.msg(text), _related(*involved))


def _operand_types(ctx: OpContext, x: Any, y: Any, operator: bool, np_first_kept: bool) -> tuple[str, str] | None:
    """The dtypes two operands meet with when they surely clash, else None."""
    x_type, y_type = certain(x), certain(y)
    if _tf(x) and _tf(y):
        return (x_type, y_type) if x_type and y_type and x_type != y_type else None
    for tensor, other, tensor_first in ((x, y, True), (y, x, False)):
        if not _tf(tensor) or certain(tensor) is None:
            continue
        dtype = certain(tensor)
        if _python_float(other) is not None and (dtype in INTEGER or dtype == "bool"):
            return (dtype, "float32") if tensor_first else ("float32", dtype)
        # a numpy array first in a function call keeps its own dtype
        if not operator and not tensor_first and np_first_kept and _np(other) and certain(other) \
                and certain(other) != dtype:
            return certain(other), dtype
    return None


def check_binary(ctx: OpContext, args: dict) -> None:
    api = ctx.api
    base = api.rsplit(".", 1)[-1]
    operator = api.startswith("operator.")
    x, y = args.get("x"), args.get("y")
    if x is None or y is None:
        x, y = args.get("a"), args.get("b")
    types = _operand_types(ctx, x, y, operator, np_first_kept=ctx.graph.mode)
    if types is None:
        return
    x_type, y_type = types
    if base in _TRUEDIV:
        ctx.fail(codes.DTYPE_MISMATCH, ctx.msg(messages.same_dtype_required(x_type, y_type)),
                 _related(x, y))
        return
    op = _OPS.get(base, base)
    if op == "AddV2" and api == "tf.add" and ctx.target.tf1:
        op = "Add"
    _mismatch(ctx, op, "x", "y", x_type, y_type, [x, y])


def check_matmul(ctx: OpContext, args: dict) -> None:
    a, b = args.get("a"), args.get("b")
    operator = ctx.api == "operator.matmul"
    x_type, y_type = certain(a), certain(b)
    types = None
    if _tf(a) and _tf(b):
        types = (x_type, y_type) if x_type and y_type and x_type != y_type else None
    elif not operator and x_type and y_type and x_type != y_type and (_tf(a) or _tf(b)):
        # tf.matmul converts ``a`` alone (numpy keeps float64); TF 1.15 converts ``b`` alone too
        if _np(a) or (_np(b) and ctx.target.tf1):
            types = (x_type, y_type)
    else:
        types = _operand_types(ctx, a, b, True, False)
    if types is None:
        return
    x_type, y_type = types
    _mismatch(ctx, "MatMul", "a", "b", x_type, y_type, [a, b])


def check_list(ctx: OpContext, args: dict) -> None:
    """concat/stack: the tensors of the list must share one dtype."""
    values = args.get("values")
    if not isinstance(values, Seq) or not values.sized:
        return
    tensors = [v for v in values.items if _tf(v) and certain(v)]
    dtypes = [certain(t) for t in tensors]
    clash = len(set(dtypes)) > 1
    floats = [v for v in values.items if _python_float(v) is not None]
    if not clash and floats and dtypes and dtypes[0] in INTEGER:
        clash, dtypes = True, dtypes[:1] + ["float32"]
    if not clash:
        return
    op = "ConcatV2" if ctx.display == "concat" else "Pack"
    if ctx.graph.mode:
        text = messages.list_types_dont_match("values", op, dtypes)
    else:
        first = dtypes[0]
        other = next(d for d in dtypes if d != first)
        text = messages.cannot_compute(op, 1, short(first), short(other))
    ctx.fail(codes.DTYPE_MISMATCH, ctx.msg(text), _related(*tensors))


def check_where(ctx: OpContext, args: dict) -> None:
    condition, x, y = args.get("condition"), args.get("x"), args.get("y")
    if x is None or y is None or _is_none(x) or _is_none(y):
        return
    op = "Select" if ctx.graph.mode else "SelectV2"
    cond_type = certain(condition) if _tf(condition) else None
    if cond_type and cond_type != "bool":
        text = messages.expected_bool_condition(op, cond_type) if ctx.graph.mode else \
            messages.cannot_compute(op, 0, "bool", short(cond_type))
        ctx.fail(codes.DTYPE_MISMATCH, ctx.msg(text), _related(condition))
        return
    types = _operand_types(ctx, x, y, True, False)
    if types is None:
        return
    x_type, y_type = types
    if ctx.graph.mode:
        text = messages.input_type_mismatch(op, "e", y_type, "t", x_type)
    else:
        text = messages.cannot_compute(op, 2, short(x_type), short(y_type))
    ctx.fail(codes.DTYPE_MISMATCH, ctx.msg(text), _related(x, y))


def _is_none(value: Any) -> bool:
    return isinstance(value, Const) and value.value is None


def _float_operand(value: Any) -> str | None:
    """'float32'/'float64'… when ``value`` is surely floating (a tensor or Python floats)."""
    dtype = certain(value)
    if dtype:
        return dtype if dtype in FLOATING else None
    if not isinstance(value, Tensor) and _python_float(value) is not None:
        return "float32"
    return None


def _rejects(ctx: OpContext, value: Any, arg: str, attr: str, graph_allowed: tuple[str, ...],
             eager_allowed: tuple[str, ...], code: str) -> None:
    dtype = _float_operand(value)
    if dtype is None:
        return
    if ctx.graph.mode:
        text = messages.dtype_not_allowed(arg, dtype, graph_allowed)
    else:
        text = messages.attr_not_allowed(attr, short(dtype), eager_allowed)
    ctx.fail(code, ctx.msg(text), _related(value))


def check_sparse_labels(ctx: OpContext, args: dict) -> None:
    labels = args.get("labels")
    narrow = certain(labels)
    if narrow in INTEGER and narrow not in ("int32", "int64"):
        # int16/uint8 labels (compact label files, tf.data of an astype(np.int16)): refused too
        text = messages.dtype_not_allowed("labels", narrow, ("int32", "int64")) if ctx.graph.mode or ctx.target.tf1 \
            else messages.attr_not_allowed("Tlabels", narrow, ("int32", "int64"))
        ctx.fail(codes.LABEL_DTYPE, ctx.msg(text), _related(labels))
        return
    _rejects(ctx, labels, "labels", "Tlabels", ("int32", "int64"), ("int32", "int64"), codes.LABEL_DTYPE)


def check_sigmoid_labels(ctx: OpContext, args: dict) -> None:
    labels, logits = args.get("labels"), args.get("logits")
    label_type, logit_type = certain(labels), certain(logits)
    if not (_tf(labels) and _tf(logits)) or not label_type or not logit_type or label_type == logit_type:
        return
    # sigmoid_cross_entropy_with_logits computes logits * labels first
    if ctx.graph.mode:
        text = messages.input_type_mismatch("Mul", "y", label_type, "x", logit_type)
    else:
        text = messages.cannot_compute("Mul", 1, short(logit_type), short(label_type))
    ctx.fail(codes.LABEL_DTYPE, ctx.msg(text), _related(labels, logits))


def check_indices(name: str, attr: str, graph_allowed: tuple[str, ...],
                  eager_allowed: tuple[str, ...]) -> Callable[[OpContext, dict], None]:
    def check(ctx: OpContext, args: dict) -> None:
        _rejects(ctx, args.get(name), "indices", attr, graph_allowed, eager_allowed, codes.INDEX_DTYPE)
    return check


def _unconvertible(value: Any, integer: bool) -> str | None:
    """The first string in a fed value that numpy cannot turn into the placeholder's number."""
    items = [value] if isinstance(value, Const) else value.items if isinstance(value, Seq) and value.sized else []
    for item in items:
        if isinstance(item, Seq):
            found = _unconvertible(item, integer)
            if found is not None:
                return found
        elif isinstance(item, Const) and isinstance(item.value, str):
            try:
                int(item.value) if integer else float(item.value)
            except ValueError:
                return item.value
    return None


def check_feeds(ctx: OpContext, args: dict) -> None:
    """Session.run converts each fed value with ``np.asarray(value, dtype)``: numbers of any
    kind convert (silently truncated), text that is no number raises ValueError."""
    feeds = args.get("feed_dict")
    if not isinstance(feeds, DictVal):
        return
    for key, value in feeds.entries:
        dtype = certain(key) if isinstance(key, Tensor) and key.kind == "placeholder" else None
        if dtype is None or (dtype not in INTEGER and dtype not in FLOATING):
            continue
        text = _unconvertible(value, dtype in INTEGER)
        if text is not None:
            ctx.fail(codes.FEED_DTYPE, ctx.msg(messages.np_cannot_convert_string(text, dtype in INTEGER),
                                               " (fed to a {dtype} placeholder)", dtype=dtype), _related(key))
            return


_TEXT_LAYERS = ("TextVectorization", "StringLookup", "Hashing", "tf.string", '"string"', "'string'",
                "tensorflow_hub", "hub.", "tokenizer", "Tokenizer")


def check_keras_text(ctx: OpContext, args: dict) -> None:
    """fit/evaluate/predict on a numpy array of text: Keras turns inputs into float tensors."""
    x = args.get("x")
    if not (isinstance(x, Tensor) and x.is_numpy and certain(x) == "str"):
        return
    text = getattr(ctx.site.locator, "text", None)
    if ctx.target.keras < 3 and (not isinstance(text, str) or any(marker in text for marker in _TEXT_LAYERS)):
        return  # a model may take text in (a text layer, a hub module, a tokenizer …); Keras 3 never a numpy str array
    if ctx.target.tf1:
        message = messages.np_cannot_convert_string(None, False)
    elif ctx.target.keras >= 3:
        message = messages.keras_invalid_dtype("str")
    else:
        message = messages.cast_string_unsupported()
    ctx.fail(codes.KERAS_TEXT_INPUT, ctx.msg(message, " (x is a numpy array of text)"), _related(x))


def _register() -> None:
    # Families load in name order, some after this one: names are listed, not read from SPECS
    # (tests/beyond_shapes/test_dtypes.py checks that each is modelled).
    binary = [n for base in _OPS if base not in ("sub", "mul") for n in (f"tf.{base}", f"tf.math.{base}")]
    binary += ["tf.truediv", "tf.divide", "tf.math.truediv", "tf.math.divide"]
    for name in binary + list(_OPERATORS):
        add_check(name, check_binary)
    for name in ("tf.matmul", "tf.linalg.matmul", "operator.matmul"):
        add_check(name, check_matmul)
    add_check("tf.concat", check_list)
    add_check("tf.stack", check_list)
    for name in ("tf.where", "tf.where_v2"):
        add_check(name, check_where)
    for name in ("tf.nn.sparse_softmax_cross_entropy_with_logits", "tf.losses.sparse_softmax_cross_entropy"):
        add_check(name, check_sparse_labels)
    add_check("tf.nn.sigmoid_cross_entropy_with_logits", check_sigmoid_labels)
    gather = check_indices("indices", "Tindices", ("int32", "int64"), ("int16", "int32", "int64"))
    add_check("tf.gather", gather)
    add_check("tf.nn.embedding_lookup",
              check_indices("ids", "Tindices", ("int32", "int64"), ("int16", "int32", "int64")))
    for base in ("keras.Model", "keras.Sequential"):
        for method in ("fit", "evaluate", "predict"):
            add_check(f"{base}.{method}", check_keras_text)
    for name in ("tf.Session.run", "tf.InteractiveSession.run"):
        add_check(name, check_feeds)
    add_check("tf.one_hot",
              check_indices("indices", "TI", ("uint8", "int32", "int64"), ("uint8", "int8", "int32", "int64")))


_register()


# --- examples ---------------------------------------------------------------------------------

_EXAMPLE_SITE = Origin("<example>", object(), FixedLocator(), "dtype set here")


def D(*dims: int | None, dtype: str = "float32", numpy: bool = False) -> Tensor:
    """A tensor (or numpy array) argument whose dtype is certain."""
    tensor = A(*dims, dtype=dtype) if numpy else Tensor(Shape.of(*dims), dtype)
    tensor.dtype_origin = _EXAMPLE_SITE
    return tensor


def _placeholder(dtype: str) -> Tensor:
    tensor = D(None, dtype=dtype)
    tensor.kind, tensor.name = "placeholder", "x:0"
    return tensor


_FLOAT_PLACEHOLDER, _INT_PLACEHOLDER = _placeholder("float32"), _placeholder("int32")

EXAMPLES = [
    bad("tf.Session.run", Obj("tf.Session"), _FLOAT_PLACEHOLDER,
        feed_dict=DictVal([(_FLOAT_PLACEHOLDER, Seq([Const("good"), Const("bad")]))]), code=codes.FEED_DTYPE,
        message="could not convert string to float: 'good'"),
    bad("tf.Session.run", Obj("tf.Session"), _INT_PLACEHOLDER,
        feed_dict=DictVal([(_INT_PLACEHOLDER, Seq([Const("cat")]))]), code=codes.FEED_DTYPE,
        message="invalid literal for int() with base 10: 'cat'"),
    ok("tf.Session.run", Obj("tf.Session"), _FLOAT_PLACEHOLDER,
       feed_dict=DictVal([(_FLOAT_PLACEHOLDER, Seq([Const("1.5"), Const(2)]))]), expect=[2]),  # numpy parses "1.5"

    bad("tf.multiply", D(3, dtype="int32"), D(3), code=codes.DTYPE_MISMATCH,
        message="cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor"),
    bad("operator.add", D(None, 10), D(10, dtype="float64"), code=codes.DTYPE_MISMATCH,
        message="was expected to be a float tensor but is a double tensor"),
    bad("operator.sub", D(4, dtype="int64"), D(4, dtype="int32"), code=codes.DTYPE_MISMATCH,
        message="cannot compute Sub"),
    bad("operator.mul", D(3, dtype="int32"), 0.5, code=codes.DTYPE_MISMATCH,
        message="expected to be a int32 tensor but is a float tensor"),
    bad("operator.truediv", D(3, dtype="int32"), D(3), code=codes.DTYPE_MISMATCH,
        message="`x` and `y` must have the same dtype, got tf.int32 != tf.float32."),
    bad("tf.matmul", D(2, 3, dtype="float64", numpy=True), D(3, 4), code=codes.DTYPE_MISMATCH,
        message="cannot compute MatMul as input #1(zero-based) was expected to be a double tensor"),
    bad("tf.matmul", D(2, 3), D(3, 4, dtype="float64", numpy=True), code=codes.DTYPE_MISMATCH, target="1.15",
        message="MatMul"),
    bad("tf.equal", D(5, dtype="int64"), D(5, dtype="int32"), code=codes.DTYPE_MISMATCH, message="Equal"),
    bad("tf.concat", [D(2, dtype="int32"), D(3)], 0, code=codes.DTYPE_MISMATCH, message="ConcatV2"),
    bad("tf.where", D(3, dtype="bool"), D(3, dtype="int32"), D(3), code=codes.DTYPE_MISMATCH, message="SelectV2"),
    bad("tf.where", D(3, dtype="int32"), D(3), D(3), code=codes.DTYPE_MISMATCH,
        message="was expected to be a bool tensor"),
    bad("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=D(8), logits=D(8, 10), code=codes.LABEL_DTYPE,
        message="Value for attr 'Tlabels' of float is not in the list of allowed values: int32, int64"),
    bad("tf.nn.sigmoid_cross_entropy_with_logits", labels=D(8, 3, dtype="int32"), logits=D(8, 3),
        code=codes.LABEL_DTYPE, message="cannot compute Mul"),
    bad("tf.gather", D(10, 4), D(3), code=codes.INDEX_DTYPE,
        message="Value for attr 'Tindices' of float is not in the list of allowed values"),
    bad("tf.gather", D(10, 4), [0.0, 1.0], code=codes.INDEX_DTYPE, message="Tindices"),
    bad("tf.one_hot", D(8), 10, code=codes.INDEX_DTYPE, message="Value for attr 'TI' of float"),
    bad("tf.nn.embedding_lookup", D(100, 8), D(4, dtype="float64"), code=codes.INDEX_DTYPE,
        message="Value for attr 'Tindices' of double"),
    ok("tf.multiply", D(3), D(3), expect=[3]),
    ok("operator.add", D(3, dtype="int32"), 2, expect=[3]),
    ok("operator.mul", D(3), 2, expect=[3]),
    ok("operator.add", D(3), D(3, dtype="float64", numpy=True), expect=[3]),  # numpy takes float32
    ok("tf.multiply", D(3), D(3, dtype="float64", numpy=True), expect=[3]),
    ok("tf.matmul", D(2, 3), D(3, 4, dtype="float64", numpy=True), expect=[2, 4]),  # TF 2: b converts
    ok("tf.multiply", D(3, dtype="int32"), D(3, dtype="float32", numpy=True), expect=[3]),
    ok("tf.add", D(3, dtype="int32"), A(3), expect=[3]),  # a dtype not known: no finding
    ok("operator.mul", D(3, dtype="int32"), [1, 2, 3], expect=[3]),
    ok("tf.concat", [D(2), D(3)], 0, expect=[5]),
    ok("tf.where", D(3, dtype="bool"), D(3), D(3), expect=[3]),
    ok("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=D(8, dtype="int64"), logits=D(8, 10), expect=[8]),
    bad("tf.nn.sparse_softmax_cross_entropy_with_logits", labels=D(8, dtype="int16"), logits=D(8, 10),
        code=codes.LABEL_DTYPE, message="Value for attr 'Tlabels' of int16 is not in the list of allowed values: "
                                        "int32, int64"),

    ok("tf.nn.sigmoid_cross_entropy_with_logits", labels=D(8, 3), logits=D(8, 3), expect=[8, 3]),
    ok("tf.gather", D(10, 4), D(3, dtype="int32"), expect=[3, 4]),
    ok("tf.one_hot", D(8, dtype="int64"), 10, expect=[8, 10]),
    ok("tf.nn.embedding_lookup", D(100, 8), [1, 2], expect=[2, 8]),
]
