"""``keras.ops``: Keras 3's backend-agnostic ops, on numpy's semantics (``core/numpy_api``).

They take arrays, backend tensors and symbolic ``KerasTensor``s alike and follow numpy's
shape rules: ``ops.transpose(x)`` reverses every axis, ``ops.dot`` contracts ``x1``'s
last axis with ``x2``'s second-to-last, ``ops.matmul``/``concatenate``/``stack``/``add``
check and broadcast as numpy does.  Keras adds its own argument checks before the backend
sees a call: ``ops.reshape`` takes only non-negative sizes or a single -1 ("Each dimension
in `newshape` must be a non-negative integer, or `-1` for a single unknown dimension").
Keras promotes mixed dtypes instead of refusing them, so no dtype is checked here.
Verified under Keras 3.15 (TensorFlow 2.21 backend).
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core.examples import ANY, A, T, bad, ok
from shapetracer.constraints.keras.machinery import S
from shapetracer.constraints.core import messages
from shapetracer.constraints.core.numpy_api import numpy_backed
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.keras.machinery import is_symbolic, mark_symbolic
from shapetracer.domain.values import UNKNOWN, Seq, Tensor, dim_int
from shapetracer.rules import codes
from shapetracer.rules.message import Message

_X = ("x",)
_X1_X2 = ("x1", "x2")
_REDUCE = {"axis": "axis", "keepdims": "keepdims"}

_BINARY = ("add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "maximum", "minimum",
           "mod", "equal", "not_equal", "greater", "less", "logical_and", "logical_or")
_UNARY = ("abs", "absolute", "exp", "log", "log1p", "log2", "log10", "sqrt", "square", "sin", "cos", "tan", "tanh",
          "sinh", "cosh", "arcsin", "arccos", "arctan", "negative", "sign", "floor", "ceil", "reciprocal", "isnan",
          "isinf", "isfinite", "logical_not", "conj", "real", "imag", "expm1", "cbrt", "trunc")
_REDUCTIONS = ("sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "argmax", "argmin", "median",
               "amax", "amin")

# keras.ops name -> (numpy name, positional parameters, keyword parameters: keras name -> numpy name)
_TABLE: dict[str, tuple[str, tuple[str, ...], dict[str, str]]] = {
    **{name: (f"np.{name}", _X1_X2, {}) for name in _BINARY},
    **{name: (f"np.{name}", _X, {}) for name in _UNARY},
    **{name: (f"np.{name}", _X, _REDUCE) for name in _REDUCTIONS},
    "round": ("np.round", _X, {"decimals": "decimals"}),
    "matmul": ("np.matmul", _X1_X2, {}),
    "dot": ("np.dot", _X1_X2, {}),
    "einsum": ("np.einsum", ("subscripts", "*operands"), {}),
    "tensordot": ("np.tensordot", _X1_X2, {"axes": "axes"}),
    "transpose": ("np.transpose", _X, {"axes": "axes"}),
    "concatenate": ("np.concatenate", ("xs",), {"axis": "axis"}),
    "stack": ("np.stack", _X, {"axis": "axis"}),
    "vstack": ("np.vstack", ("xs",), {}),
    "hstack": ("np.hstack", ("xs",), {}),
    "expand_dims": ("np.expand_dims", ("x", "axis"), {}),
    "squeeze": ("np.squeeze", _X, {"axis": "axis"}),
    "swapaxes": ("np.swapaxes", ("x", "axis1", "axis2"), {}),
    "moveaxis": ("np.moveaxis", ("x", "source", "destination"), {}),
    "tile": ("np.tile", ("x", "repeats"), {}),
    "repeat": ("np.repeat", ("x", "repeats"), {"axis": "axis"}),
    "pad": ("np.pad", ("x", "pad_width"), {"mode": "mode"}),
    "split": ("np.split", ("x", "indices_or_sections"), {"axis": "axis"}),
    "where": ("np.where", ("condition", "x1", "x2"), {}),
    "clip": ("np.clip", ("x", "x_min", "x_max"), {}),
    "cumsum": ("np.cumsum", _X, {"axis": "axis"}),
    "cumprod": ("np.cumprod", _X, {"axis": "axis"}),
    "sort": ("np.sort", _X, {"axis": "axis"}),
    "argsort": ("np.argsort", _X, {"axis": "axis"}),
    "ravel": ("np.ravel", _X, {}),
    "zeros": ("np.zeros", ("shape",), {"dtype": "dtype"}),
    "ones": ("np.ones", ("shape",), {"dtype": "dtype"}),
    "empty": ("np.empty", ("shape",), {"dtype": "dtype"}),
    "full": ("np.full", ("shape", "fill_value"), {"dtype": "dtype"}),
    "zeros_like": ("np.zeros_like", _X, {"dtype": "dtype"}),
    "ones_like": ("np.ones_like", _X, {"dtype": "dtype"}),
    "full_like": ("np.full_like", ("x", "fill_value"), {"dtype": "dtype"}),
    "eye": ("np.eye", ("N", "M", "k"), {"dtype": "dtype"}),
    "identity": ("np.identity", ("n",), {"dtype": "dtype"}),
    "arange": ("np.arange", ("start", "stop", "step"), {"dtype": "dtype"}),
    "linspace": ("np.linspace", ("start", "stop", "num"), {"endpoint": "endpoint", "axis": "axis"}),
    "nonzero": ("np.nonzero", _X, {}),
}

# --- Keras' and TensorFlow's words --------------------------------------------------------------------
# On symbolic KerasTensors Keras checks shapes itself; on data the TensorFlow backend's kernels do.


def _symbolic(args: list[Any]) -> bool:
    tensors = [a for a in args if isinstance(a, Tensor)] or \
        [t for a in args if isinstance(a, Seq) for t in a.items if isinstance(t, Tensor)]
    return bool(tensors) and any(is_symbolic(t) for t in tensors)


def _shapes(args: list[Any]) -> list[Tensor]:
    return [a for a in args if isinstance(a, Tensor)]


def _matmul_words(ctx: OpContext, args: list[Any], code: str) -> Message | None:
    x1, x2 = (_shapes(args) + [None, None])[:2]
    if x1 is None or x2 is None or code != codes.MATMUL_DIM:
        return None
    if _symbolic(args):
        if ctx.display == "dot":
            return Message("Shape must match on the last axis of `x1` and second last axis of `x2` when `x1` is N-d "
                           "array while `x2` is M-D, but received `x1.shape={shape_a:keras}` and "
                           "x2.shape=`{shape_b:keras}`.", shape_a=x1.shape, shape_b=x2.shape)
        return Message("Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received "
                       "`x1.shape={shape_a:keras}` and `x2.shape={shape_b:keras}`.", shape_a=x1.shape, shape_b=x2.shape)
    return Message("Matrix size-incompatible: In[0]: {shape_a:tf}, In[1]: {shape_b:tf}", shape_a=x1.shape,
                   shape_b=x2.shape)


def _concat_words(ctx: OpContext, args: list[Any], code: str) -> Message | None:
    parts = next((a.items for a in args if isinstance(a, Seq)), None)
    tensors = [t for t in parts or [] if isinstance(t, Tensor)]
    if len(tensors) < 2 or code != codes.CONCAT_DIM or not _symbolic(args):
        return None
    other = next((t for t in tensors[1:] if t.shape.tf_str() != tensors[0].shape.tf_str()), tensors[1])
    return Message("Every value in `xs` must have the same shape except on the `axis` dim. But found element of shape "
                   "{shape_b:keras}, which is different from the first element's shape {shape_a:keras}.",
                   shape_a=tensors[0].shape, shape_b=other.shape)


def _broadcast_words(ctx: OpContext, args: list[Any], code: str) -> Message | None:
    x1, x2 = (_shapes(args) + [None, None])[:2]
    if x1 is None or x2 is None or code != codes.BROADCAST:
        return None
    if not _symbolic(args):
        return messages.incompatible_shapes(x1.shape, x2.shape)
    pairs = zip(reversed(x1.shape.dims or ()), reversed(x2.shape.dims or ()))
    for a, b in pairs:
        if a.known and b.known and a.value != b.value and 1 not in (a.value, b.value):
            return Message("Cannot broadcast shape, the failure dim has value {a}, which cannot be broadcasted to "
                           "{b}. Input shapes are: {shape_a:tensorshape} and {shape_b:tensorshape}.", a=a.value,
                           b=b.value, shape_a=x1.shape, shape_b=x2.shape)
    return None


_WORDS = {"matmul": _matmul_words, "dot": _matmul_words, "concatenate": _concat_words,
          **{name: _broadcast_words for name in _BINARY}}

def _keras_op(numpy_spec: Any) -> Any:
    """An op on KerasTensors makes KerasTensors (a functional graph goes on through it)."""
    def spec(ctx: OpContext, *args: Any, **kwargs: Any):
        result = numpy_spec(ctx, *args, **kwargs)
        if _symbolic(list(args) + list(kwargs.values())):
            mark_symbolic(result)
        return result

    spec.__name__ = numpy_spec.__name__
    return spec


for _name, (_numpy, _positional, _keywords) in _TABLE.items():
    op(f"keras.ops.{_name}", f"keras.ops.numpy.{_name}")(
        _keras_op(numpy_backed(_numpy, _positional, _keywords, words=_WORDS.get(_name))))


# --- Keras' own argument checks ---------------------------------------------------------------------

def _newshape_fits(ctx: OpContext, bound: dict[str, Any]) -> bool:
    """Keras refuses sizes below -1 and a second -1 before the backend reshapes."""
    sizes = ctx.int_list(bound.get("newshape", UNKNOWN))
    if sizes is None:
        return True
    if any(size < -1 for size in sizes):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Each dimension in `newshape` must be a non-negative integer, or `-1` "
                                                  "for a single unknown dimension. Received: newshape={values:py}.",
                                                  values=sizes))
        return False
    if sizes.count(-1) > 1:
        ctx.fail(codes.RESHAPE_TWO_UNKNOWN, ctx.msg("There must be at most one unknown dimension (-1) in `newshape`. "
                                                    "Received: newshape={values:py}.", values=sizes))
        return False
    return True


op("keras.ops.reshape", "keras.ops.numpy.reshape")(
    _keras_op(numpy_backed("np.reshape", ("x", "newshape"), check=_newshape_fits)))


# --- ops without a numpy twin ---------------------------------------------------------------------

@op("keras.ops.shape", "keras.ops.core.shape")
def shape(ctx: OpContext, x):
    """A tuple of ints, None where a symbolic dim is unknown (the batch of an Input)."""
    t = ctx.tensor(x)
    if t is None or t.shape.dims is None:
        return UNKNOWN
    return Seq([dim_int(d) for d in t.shape.dims], "tuple")


@op("keras.ops.convert_to_tensor", "keras.ops.cast", "keras.ops.core.convert_to_tensor", "keras.ops.core.cast",
    "keras.ops.stop_gradient")
def convert_to_tensor(ctx: OpContext, x, dtype=None, sparse=None, ragged=None):
    t = ctx.tensor(x)
    name = ctx.str(dtype) if not ctx.is_none(dtype) else None
    if t is None:
        return ctx.unknown_tensor(name)
    return Tensor(t.shape, name or t.dtype, "tensor", t.origin)


@op("keras.ops.convert_to_numpy")
def convert_to_numpy(ctx: OpContext, x):
    t = ctx.tensor(x)
    return Tensor(t.shape, t.dtype, "ndarray", t.origin) if t is not None else ctx.result(None, kind="ndarray")


@op("keras.ops.relu", "keras.ops.relu6", "keras.ops.sigmoid", "keras.ops.softplus", "keras.ops.softsign",
    "keras.ops.silu", "keras.ops.gelu", "keras.ops.elu", "keras.ops.selu", "keras.ops.leaky_relu",
    "keras.ops.softmax", "keras.ops.log_softmax", "keras.ops.nn.relu", "keras.ops.nn.sigmoid",
    "keras.ops.nn.softmax", "keras.ops.flip", "keras.ops.roll")
def same_shape(ctx: OpContext, x, *args, **kwargs):
    """Activations, flips and rolls keep the shape."""
    t = ctx.tensor(x)
    return ctx.same_shape(t) if t is not None else ctx.unknown_tensor()


@op("keras.ops.one_hot", "keras.ops.nn.one_hot")
def one_hot(ctx: OpContext, x, num_classes, axis=-1, dtype=None, sparse=False):
    """A new axis of ``num_classes`` (last unless ``axis`` says)."""
    t = ctx.tensor(x)
    classes = ctx.dim(num_classes)
    where = ctx.int(axis)
    if t is None or t.shape.dims is None or classes is None or where is None:
        return ctx.unknown_tensor("float32")
    dims = list(t.shape.dims)
    position = where if where >= 0 else len(dims) + 1 + where
    if not 0 <= position <= len(dims):
        return ctx.unknown_tensor("float32")
    return ctx.result(dims[:position] + [classes] + dims[position:], ctx.str(dtype) or "float32",
                      label="one-hot encoded as")


# one call of every table entry, by its kind (the checks themselves are numpy's, tested there)
_GENERIC = [
    *[ok(f"keras.ops.{name}", T(2, 3), T(3), expect=[2, 3]) for name in _BINARY],
    *[ok(f"keras.ops.{name}", T(2, 3), expect=[2, 3]) for name in _UNARY],
    *[ok(f"keras.ops.{name}", T(2, 3), axis=1, expect=[2]) for name in _REDUCTIONS],
    *[ok(f"keras.ops.{name}", T(2, 3), expect=[2, 3])
      for name in ("round", "sort", "argsort", "relu", "relu6", "sigmoid", "softplus", "softsign",
                   "silu", "gelu", "elu", "selu", "leaky_relu", "log_softmax", "flip", "zeros_like", "ones_like",
                   "stop_gradient", "cast")],
    ok("keras.ops.roll", T(2, 3), 1, expect=[2, 3]),
    *[ok(f"keras.ops.{name}", T(2, 3), expect=[6]) for name in ("cumsum", "cumprod")],  # flattened, as numpy's
    ok("keras.ops.full_like", T(2, 3), 7, expect=[2, 3]),
    ok("keras.ops.tensordot", T(2, 3), T(3, 4), axes=1, expect=[2, 4]),
    ok("keras.ops.vstack", [T(2, 3), T(1, 3)], expect=[3, 3]),
    ok("keras.ops.hstack", [T(2, 3), T(2, 1)], expect=[2, 4]),
    ok("keras.ops.squeeze", T(2, 1), axis=1, expect=[2]),
    ok("keras.ops.swapaxes", T(2, 3, 4), 0, 2, expect=[4, 3, 2]),
    ok("keras.ops.moveaxis", T(2, 3, 4), 0, -1, expect=[3, 4, 2]),
    ok("keras.ops.tile", T(2, 3), (2, 1), expect=[4, 3]),
    ok("keras.ops.repeat", T(2, 3), 2, axis=0, expect=[4, 3]),
    ok("keras.ops.pad", T(2, 3), ((1, 1), (0, 0)), expect=[4, 3]),
    ok("keras.ops.split", T(4, 3), 2, expect=([2, 3], [2, 3])),
    ok("keras.ops.where", T(2, 3, dtype="bool"), T(2, 3), T(3), expect=[2, 3]),
    ok("keras.ops.clip", T(2, 3), 0.0, 1.0, expect=[2, 3]),
    ok("keras.ops.ravel", T(2, 3), expect=[6]),
    *[ok(f"keras.ops.{name}", (2, 3), expect=[2, 3]) for name in ("ones", "empty")],
    ok("keras.ops.full", (2, 3), 0.5, expect=[2, 3]),
    ok("keras.ops.eye", 3, expect=[3, 3]),
    ok("keras.ops.identity", 3, expect=[3, 3]),
    ok("keras.ops.arange", 5, expect=[5]),
    ok("keras.ops.linspace", 0.0, 1.0, 5, expect=[5]),
    ok("keras.ops.nonzero", T(2, 3), expect=ANY),  # a tuple of index arrays whose length is the data's
]

EXAMPLES = [
    *_GENERIC,
    # numpy's rules on tensors
    ok("keras.ops.matmul", T(None, 20), T(20, 10), expect=[None, 10]),
    bad("keras.ops.matmul", T(32, 20), T(30, 10), code=codes.MATMUL_DIM,
        message="Matrix size-incompatible: In[0]: [32,20], In[1]: [30,10]"),
    bad("keras.ops.matmul", S(20), T(30, 10), code=codes.MATMUL_DIM,
        message="Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received "
                "`x1.shape=(None, 20)` and `x2.shape=(30, 10)`."),
    bad("keras.ops.concatenate", [S(3), S(4)], axis=0, code=codes.CONCAT_DIM,
        message="Every value in `xs` must have the same shape except on the `axis` dim. But found element of shape "
                "(None, 4), which is different from the first element's shape (None, 3)."),
    bad("keras.ops.add", S(3), S(4), code=codes.BROADCAST,
        message="Cannot broadcast shape, the failure dim has value 3, which cannot be broadcasted to 4. Input shapes "
                "are: [None, 3] and [None, 4]."),
    ok("keras.ops.transpose", T(None, 40, 16), expect=[16, 40, None]),
    ok("keras.ops.dot", T(None, 40, 16), T(16, 3), expect=[None, 40, 3]),
    bad("keras.ops.dot", T(None, 40, 1), T(16, 40, None), code=codes.MATMUL_DIM),
    ok("keras.ops.reshape", A(20, dtype="float32"), (4, 5), expect=[4, 5]),
    ok("keras.ops.reshape", A(20, dtype="float32"), (-1, 5), expect=[4, 5]),
    bad("keras.ops.reshape", A(20, dtype="float32"), (3, 7), code=codes.RESHAPE_SIZE),
    bad("keras.ops.reshape", A(20, dtype="float32"), (-2, 5), code=codes.SHAPE_REQUIREMENT,
        message="Each dimension in `newshape` must be a non-negative integer, or `-1` for a single unknown "
                "dimension. Received: newshape=(-2, 5)."),
    bad("keras.ops.reshape", A(20, dtype="float32"), (-1, -1), code=codes.RESHAPE_TWO_UNKNOWN,
        message="There must be at most one unknown dimension (-1) in `newshape`."),
    ok("keras.ops.concatenate", [T(2, 3), T(2, 4)], axis=1, expect=[2, 7]),
    bad("keras.ops.concatenate", [T(2, 3), T(2, 4)], axis=0, code=codes.CONCAT_DIM),
    ok("keras.ops.stack", [T(2, 3), T(2, 3)], expect=[2, 2, 3]),
    bad("keras.ops.add", T(2, 3), T(4), code=codes.BROADCAST, message="Incompatible shapes: [2,3] vs. [4]"),
    ok("keras.ops.add", T(None, 3), T(3), expect=[None, 3]),
    ok("keras.ops.sum", T(2, 3), axis=1, keepdims=True, expect=[2, 1]),
    ok("keras.ops.mean", T(2, 3), 0, expect=[3]),
    bad("keras.ops.sum", T(2, 3), axis=2, code=codes.AXIS_RANGE),
    ok("keras.ops.expand_dims", T(2, 3), -1, expect=[2, 3, 1]),
    ok("keras.ops.einsum", "ij,jk->ik", T(2, 3), T(3, 4), expect=[2, 4]),
    bad("keras.ops.einsum", "ij,jk->ik", T(2, 3), T(4, 5), code=codes.EINSUM_MISMATCH),
    ok("keras.ops.zeros", (2, 3), expect=[2, 3]),
    ok("keras.ops.one_hot", T(4, dtype="int32"), 10, expect=[4, 10]),
    ok("keras.ops.shape", T(None, 3), expect=(ANY, 3)),
    ok("keras.ops.softmax", T(None, 10), expect=[None, 10]),
    ok("keras.ops.convert_to_tensor", A(2, 3), expect=[2, 3]),
    ok("keras.ops.convert_to_numpy", T(2, 3), expect=[2, 3]),
]
