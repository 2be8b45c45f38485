"""How certain dtypes flow from Python numbers, numpy and file loaders into TensorFlow
(``core/dtypes`` says where they clash).

- numpy's promotion, where numpy 1.x and 2.x agree: an integer array with a Python float
  or a true division of integers is float64 (``1. * np.array([100, 50])[0]``); float32
  arrays keep float32 beside Python numbers unless they are 0-d (numpy 1 made those
  float64); two arrays promote by kind and width.
- TensorFlow converting a numpy array keeps its dtype (``tf.sqrt`` of a numpy float64 is a
  float64 tensor), and a Python literal becomes int32 or float32 (``tf.tile`` of a list of
  int pairs is int32).
- Loaders whose result dtype is fixed by the call: decoded images are uint8 (or the
  ``dtype`` asked), ``cv2.imread`` uint8 unless ``IMREAD_ANYDEPTH``, a PIL image's array
  the dtype of its mode, ``img_to_array`` float32, ``np.loadtxt`` float64.
- TensorFlow's true division of integer tensors is floating: float64 from int32 and int64,
  float32 from the narrower integers (``tf.range(3) / 2`` is float64).
- ``tf.add_n`` takes tensors of one dtype ("Tensors in list passed to 'inputs' of 'AddN'
  Op have types [int32, float64] that don't all match.").

Each rule was checked under TensorFlow 1.15, 2.15 and 2.21 with their numpy (1.18, 1.26,
2.2).
"""

from __future__ import annotations

from typing import Any

from shapetracer.constraints.core import messages
from shapetracer.constraints.core.common import dtype_name
from shapetracer.constraints.core.dtypes import (
    FLOATING, INTEGER, KEEPERS, SOURCES, _FIRST, _literal_dtype, _np, _related, _stamp, _tf, certain, short,
)
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.constraints.core.images import is_image
from shapetracer.constraints.core.spec import ANNOTATORS, OpContext, add_check
from shapetracer.domain.dims import FixedLocator, Origin
from shapetracer.domain.values import Const, Seq, Tensor
from shapetracer.rules import codes


def _decoded(args: dict) -> str | None:
    given = args.get("dtype")
    return dtype_name(given) if given is not None and not (isinstance(given, Const) and given.value is None) \
        else "uint8"


def _fixed(dtype: str):
    """A source whose dtype does not depend on its arguments (numpy's scalar types)."""
    return lambda args: dtype


SOURCES.update({
    **{name: _decoded for name in (
        "tf.image.decode_jpeg", "tf.io.decode_jpeg", "tf.image.decode_png", "tf.io.decode_png",
        "tf.image.decode_bmp", "tf.io.decode_bmp", "tf.image.decode_gif", "tf.io.decode_gif",
        "tf.image.decode_image", "tf.io.decode_image")},
    "tf.io.read_file": lambda args: "string",
    "tf.read_file": lambda args: "string",
    "tf.image.convert_image_dtype": lambda args: dtype_name(args.get("dtype")),
    "np.eye": lambda args: dtype_name(args.get("dtype"), "float64") if not _absent(args.get("dtype")) else "float64",
    "np.identity": lambda args: dtype_name(args.get("dtype"), "float64") if not _absent(args.get("dtype"))
    else "float64",
    **{f"np.{name}": _fixed({"double": "float64", "single": "float32", "bool_": "bool"}.get(name, name))
       for name in ("float16", "float32", "float64", "double", "single", "int8", "int16", "int32", "int64",
                    "uint8", "bool_")},
})

# More ops whose result has their first argument's dtype (unary math, layout)
KEEPERS.update({name: _FIRST for name in (
    "tf.cos", "tf.sin", "tf.tan", "tf.acos", "tf.asin", "tf.atan", "tf.cosh", "tf.sinh", "tf.math.cos",
    "tf.math.sin", "tf.math.tan", "tf.math.exp", "tf.math.sqrt", "tf.math.square", "tf.math.abs", "tf.math.tanh",
    "tf.math.sigmoid", "tf.math.erf", "tf.erf", "tf.floor", "tf.ceil", "tf.round", "tf.sign", "tf.math.floor",
    "tf.math.ceil", "tf.math.round", "tf.math.sign", "tf.reciprocal", "tf.math.reciprocal", "tf.rsqrt",
    "tf.math.rsqrt", "tf.log1p", "tf.math.log1p", "tf.expm1", "tf.math.expm1", "tf.nn.softplus", "tf.math.softplus",
    "tf.nn.softsign", "tf.nn.leaky_relu", "tf.math.negative", "tf.reverse", "tf.pad", "tf.math.reduce_max",
    "tf.math.reduce_min", "tf.math.reduce_prod", "tf.reduce_logsumexp", "tf.math.reduce_logsumexp",
    "tf.image.flip_left_right", "tf.image.flip_up_down", "tf.image.rot90", "tf.image.transpose",
    "tf.image.random_flip_left_right", "tf.image.random_flip_up_down", "tf.image.resize_with_crop_or_pad",
    "tf.image.crop_to_bounding_box", "tf.image.central_crop", "tf.image.random_crop", "tf.random_crop")
    if name not in KEEPERS})

# APIs whose spec computes the result's dtype exactly from the call (loaders, conversions)
TRUSTED = {
    "cv2.imread", "cv2.imdecode", "cv2.resize", "cv2.cvtColor", "cv2.GaussianBlur", "cv2.threshold", "cv2.Canny",
    "keras.utils.img_to_array", "keras.preprocessing.image.img_to_array", "keras.utils.image_utils.img_to_array",
    "np.loadtxt", "np.genfromtxt", "cv2.dnn.blobFromImage",
}


def _absent(value: Any) -> bool:
    return value is None or isinstance(value, Const) and value.value is None


# --- numpy's promotion --------------------------------------------------------------------------

_SPLITTERS = ("tf.split", "tf.unstack")
_TRUEDIV = ("operator.truediv", "np.divide", "np.true_divide")
_ARITHMETIC = ("operator.add", "operator.sub", "operator.mul", "operator.floordiv", "operator.mod", "operator.pow",
               "np.add", "np.subtract", "np.multiply", "np.floor_divide", "np.mod", "np.power", "np.maximum",
               "np.minimum") + _TRUEDIV
_WIDTH = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
          "float16": 16, "float32": 32, "float64": 64}


def _number(value: Any) -> type | None:
    if isinstance(value, Const) and isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
        return type(value.value)
    return None


def _numpy_pair(x: Any, y: Any, division: bool) -> str | None:
    """numpy's result dtype for two operands, where numpy 1 and 2 agree; None otherwise."""
    arrays = [v for v in (x, y) if _np(v) and certain(v)]
    if len(arrays) == 2:
        a, b = certain(arrays[0]), certain(arrays[1])
        if a in FLOATING and b in FLOATING:
            return max(a, b, key=lambda d: _WIDTH[d])
        if a in INTEGER and b in INTEGER:
            if division:
                return "float64"
            signed = [d for d in (a, b) if not d.startswith("u")]
            return max(a, b, key=lambda d: _WIDTH[d]) if len(signed) != 1 else None
        floating = a if a in FLOATING else b
        return floating if _WIDTH[floating] == 64 else None  # int with float32: width-dependent
    if len(arrays) != 1:
        return None
    array = arrays[0]
    other = y if array is x else x
    kind = _number(other)
    dtype = certain(array)
    if kind is None or dtype not in _WIDTH:
        return None
    if dtype in INTEGER:
        if kind is float or division:
            return "float64"
        return dtype if array.shape.rank != 0 else None  # a 0-d int with a Python int: value-based in numpy 1
    if array.shape.rank == 0 and dtype != "float64":
        return None  # numpy 1 makes np.float32 scalar * 3.0 float64
    return dtype


# TensorFlow's true division of integer tensors (math_ops._TRUEDIV_TABLE)
_TRUEDIV_TABLE = {"uint8": "float32", "int8": "float32", "uint16": "float32", "int16": "float32",
                  "int32": "float64", "int64": "float64"}


def _true_division(x: Any, y: Any) -> str | None:
    """``x / y`` on integer tensors of one dtype (or one with a Python int): a float dtype by
    width, int32 and int64 giving float64."""
    tensors = [v for v in (x, y) if _tf(v)]
    if not tensors or any(certain(t) is None for t in tensors) or len({certain(t) for t in tensors}) != 1:
        return None
    others = [v for v in (x, y) if not _tf(v)]
    if any(_number(v) is not int for v in others):
        return None
    return _TRUEDIV_TABLE.get(certain(tensors[0]))


def annotate(ctx: OpContext, args: dict, result: Any) -> Any:
    """Certain dtypes ``core/dtypes`` leaves open: numpy's promotion, numpy arrays and Python
    literals converted by TensorFlow ops, loaders."""
    api = ctx.api
    if not isinstance(result, Tensor):
        if isinstance(result, Seq) and api in _SPLITTERS:
            values = [v for k, v in args.items() if k != "ctx"]
            if values and _tf(values[0]) and certain(values[0]):
                first = values[0]
                return Seq([_stamp(item, certain(first), first.dtype_origin) if isinstance(item, Tensor)
                            and item.dtype in (None, certain(first)) else item for item in result.items],
                           result.kind, result.sized)
        return result
    if result.dtype_origin is not None:
        return result
    values = [v for k, v in args.items() if k != "ctx"]
    here = ctx.site.relabelled
    if api in TRUSTED and result.dtype:
        return _stamp(result, result.dtype, here(f"dtype {result.dtype} set here", ""))
    if api in ("np.array", "np.asarray") and values and is_image(values[0]) and result.dtype \
            and _absent(args.get("dtype")):
        return _stamp(result, result.dtype, here(f"dtype {result.dtype} set here (the image's mode)", ""))
    if api in _ARITHMETIC and result.is_numpy and len(values) >= 2 and not any(_tf(v) for v in values[:2]):
        dtype = _numpy_pair(values[0], values[1], api in _TRUEDIV)
        if dtype is not None:  # numpy's rule, whatever dtype the shape spec guessed
            return _stamp(result, dtype, here(f"numpy makes it {dtype} here", ""))
        return result
    if api in ("operator.truediv", "tf.truediv", "tf.divide", "tf.math.truediv", "tf.math.divide") \
            and len(values) >= 2 and not result.is_numpy:
        divided = _true_division(values[0], values[1])
        if divided is not None:
            return _stamp(result, divided, here(f"true division of integers makes it {divided} here", ""))
    keeper = KEEPERS.get(api)
    if keeper is not None and api.startswith("tf.") and not result.is_numpy:
        first = args.get(keeper) if keeper != _FIRST else (values[0] if values else None)
        if _np(first) and certain(first):
            return _stamp(result, certain(first), first.dtype_origin)
        literal = _literal_dtype(first) if isinstance(first, (Const, Seq)) else None
        if literal is not None and result.dtype in (None, literal):
            return _stamp(result, literal, here(f"dtype {literal} set here (Python numbers converted)", ""))
    listed = args.get("inputs") if api in ("tf.add_n", "tf.math.add_n") else \
        args.get("values") if api in ("tf.concat", "tf.stack") else None
    if isinstance(listed, Seq) and listed.sized and listed.items and all(_tf(v) for v in listed.items):
        dtypes = {certain(v) for v in listed.items}
        if len(dtypes) == 1 and None not in dtypes and result.dtype in (None, *dtypes):
            return _stamp(result, listed.items[0].dtype, listed.items[0].dtype_origin)
    return result


ANNOTATORS.append(annotate)


def check_add_n(ctx: OpContext, args: dict) -> None:
    """AddN takes tensors of one dtype; numpy arrays and Python numbers take the first's."""
    inputs = args.get("inputs")
    if not isinstance(inputs, Seq) or not inputs.sized:
        return
    tensors = [v for v in inputs.items if _tf(v) and certain(v)]
    if not tensors or not _tf(inputs.items[0]):
        return
    first = certain(tensors[0])
    other = next((t for t in tensors if certain(t) != first), None)
    if other is None:
        return
    if ctx.graph.building(ctx.target):
        text = messages.list_types_dont_match("inputs", "AddN", [certain(t) for t in tensors])
    else:
        index = inputs.items.index(other)
        text = messages.cannot_compute("AddN", index, short(first), short(certain(other)))
    ctx.fail(codes.DTYPE_MISMATCH, ctx.msg(text), _related(*tensors))


for _name in ("tf.add_n", "tf.math.add_n"):
    add_check(_name, check_add_n)


# --- examples -----------------------------------------------------------------------------------------

_SITE = Origin("<example>", object(), FixedLocator(), "dtype set here")


def D(*dims: int | None, dtype: str = "float32", numpy: bool = False) -> Tensor:
    """A tensor (or numpy array) whose dtype is certain."""
    tensor = A(*dims, dtype=dtype) if numpy else T(*dims, dtype=dtype)
    tensor.dtype_origin = _SITE
    return tensor


EXAMPLES = [
    bad("tf.add_n", [D(2, dtype="int32"), D(2, dtype="float64")], code=codes.DTYPE_MISMATCH,
        message="cannot compute AddN as input #1(zero-based) was expected to be a int32 tensor but is a double tensor"),
    bad("tf.add_n", [D(2, dtype="int32"), D(2)], code=codes.DTYPE_MISMATCH, target="1.15",
        message="Tensors in list passed to 'inputs' of 'AddN' Op have types [int32, float32] that don't all match."),
    ok("tf.add_n", [D(2), D(2)], expect=[2]),
    ok("tf.add_n", [D(2, dtype="int32"), T(2)], expect=[2]),  # a dtype not certain: nothing said
]

__all__ = ["TRUSTED", "annotate", "check_add_n"]
