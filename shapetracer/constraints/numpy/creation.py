"""numpy array creation: np.array/asarray and scalar types, zeros/ones/empty/full
(and their ``_like`` forms), eye/identity, arange, linspace.

Reference: numpy itself (2.x), since these never reach a TensorFlow kernel.
numpy discovers the shape of a nested list by walking it; when siblings
disagree (lengths differ, or a scalar sits beside a sequence) numpy >= 1.24
raises "setting an array element with a sequence. The requested array has an
inhomogeneous shape after 1 dimensions. The detected shape was (2,) +
inhomogeneous part." unless ``dtype=object`` is asked for (pattern 26).  A
negative entry in a shape raises "negative dimensions are not allowed".

What an array is (dtype names, nested-list discovery, array results) is
``core/arrays``'; n-ary broadcasting and shape arguments here are shared with the
other numpy families.
"""

from __future__ import annotations

import math
from typing import Any

import z3

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, lower_bound, Shape, bool_and, bool_or
from shapetracer.constraints.core.arrays import (
    array_result, as_array, discover, numpy_dtype, ragged_message, same_array, tensor_dtype, unknown_array,
)
from shapetracer.constraints.core.examples import A, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.images import PIL_IMAGE, array_of_image, is_image
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, ApiRef, Const, Obj, Seq, SymInt, Tensor
from shapetracer.constraints.core import messages

# --- broadcasting of several operands -----------------------------------------

def broadcast_many(ctx: OpContext, shapes: list[Shape], message: Message,
                   involved: list[Any]) -> list[Dim] | None:
    """numpy's n-ary broadcast of known-rank shapes; None after a reported failure."""
    rank = max(len(s.dims) for s in shapes)
    padded = [[Dim(1)] * (rank - len(s.dims)) + list(s.dims) for s in shapes]
    out: list[Dim] = []
    for column in zip(*padded):
        distinct: list[Dim] = []
        for dim in column:
            if not (dim.known and dim.value == 1) and not any(dim.same_as(d) for d in distinct):
                distinct.append(dim)
        if not distinct:
            out.append(column[-1])
            continue
        if len(distinct) == 1:
            out.append(distinct[0])
            continue
        conds = [bool_or(a.eq(b), a.eq(1), b.eq(1))
                 for i, a in enumerate(distinct) for b in distinct[i + 1:]]
        if not ctx.require(bool_and(*conds), codes.BROADCAST, message, involved):
            return None
        out.append(_broadcast_value(distinct))
    return out


def _broadcast_value(dims: list[Dim]) -> Dim:
    origins = frozenset().union(*(d.origins for d in dims))
    known = [d for d in dims if d.known]
    if known:
        return Dim(known[0].value, origins)
    value = dims[0].value
    for dim in dims[1:]:
        value = z3.If(value == 1, dim.value, value)
    return Dim(value, origins)


# --- shape arguments ----------------------------------------------------------

def shape_dims(ctx: OpContext, shape: Any) -> list[Dim] | None:
    """A numpy shape argument (int or sequence) as dims; unknown entries are fresh.

    Reports "negative dimensions are not allowed" (ST126) and returns None
    for a known negative entry; returns None silently when even the rank is
    unknown — callers tell the two apart with ``ctx.failed``.
    """
    dims = ctx.shape_arg(shape)
    if dims is None and isinstance(shape, Tensor) and shape.shape.rank == 0 and shape.dtype is not None \
            and shape.dtype.startswith(("int", "uint")):
        dims = [None]  # an integer scalar of unknown value is one dim (size=lengths[i])
    if dims is None:
        return None
    for dim in dims:
        if dim is not None and dim.known and dim.value < 0:
            ctx.fail(codes.NUMPY_SHAPE, ctx.msg("negative dimensions are not allowed"), [dim])
            return None
    return [d if d is not None else ctx.fresh("n") for d in dims]


def _fill_fits(ctx: OpContext, fill_value: Any, dims: list[Dim]) -> bool:
    """np.full's fill value must broadcast into the requested shape."""
    fill = as_array(ctx, fill_value)
    if fill is None or fill.shape.dims is None or not fill.shape.dims:
        return True
    fill_dims = list(fill.shape.dims)
    message = ctx.msg("could not broadcast input array from shape {shape:np} into shape {new_shape:np}",
                      shape=fill_dims, new_shape=dims)
    if len(fill_dims) > len(dims):
        ctx.fail(codes.BROADCAST, message, [fill])
        return False
    for f, d in zip(reversed(fill_dims), reversed(dims)):
        if not ctx.require(bool_or(f.eq(1), f.eq(d)), codes.BROADCAST, message, [fill, f, d]):
            return False
    return True


# --- np.array and friends -----------------------------------------------------

def _build(ctx: OpContext, obj: Any, dtype: Any, ndmin: Any = 0) -> Tensor:
    wanted = numpy_dtype(ctx, dtype, None) if not ctx.is_none(dtype) else None
    if is_image(obj):  # a PIL image: (height, width[, bands]) by its mode
        result = array_of_image(ctx, obj, wanted)
        if result.shape.dims is None:
            return result
    elif isinstance(obj, Tensor):
        if obj.shape.dims is None:
            return unknown_array(ctx, wanted or obj.dtype)
        result = same_array(obj, wanted or tensor_dtype(obj))
    else:
        nest = discover(ctx, obj)
        if nest is None:
            return unknown_array(ctx, wanted)
        if nest.ragged and wanted != "object":
            ctx.fail(codes.NUMPY_SHAPE, ctx.msg(ragged_message(nest)), [])
            return unknown_array(ctx, wanted)
        result = array_result(ctx, nest.dims, wanted or nest.dtype, label="built as")
    minimum = ctx.int(ndmin) or 0
    missing = minimum - len(result.shape.dims)
    if missing > 0:
        return array_result(ctx, [Dim(1)] * missing + list(result.shape.dims), result.dtype,
                            label="built as")
    return result


@op("np.array")
def array(ctx: OpContext, object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, ndmax=0,
          like=None):
    return _build(ctx, object, dtype, ndmin)


@op("np.asarray")
def asarray(ctx: OpContext, a, dtype=None, order=None, *, device=None, copy=None, like=None):
    return _build(ctx, a, dtype)


@op("np.asanyarray")
def asanyarray(ctx: OpContext, a, dtype=None, order=None, *, device=None, copy=None, like=None):
    return _build(ctx, a, dtype)


@op("np.ascontiguousarray")
def ascontiguousarray(ctx: OpContext, a, dtype=None, *, like=None):
    return _build(ctx, a, dtype)


@op("np.float16", "np.float32", "np.float64", "np.double", "np.single", "np.int8", "np.int16",
    "np.int32", "np.int64", "np.uint8", "np.bool_", "np.complex64", "np.complex128")
def scalar_type(ctx: OpContext, value=0):
    """Calling a numpy scalar type converts like np.array with that dtype."""
    return _build(ctx, value, Const(ctx.display))


# --- filled arrays ------------------------------------------------------------

@op("np.zeros", "np.ones", "np.empty")
def zeros(ctx: OpContext, shape, dtype=None, order="C", *, device=None, like=None):
    dims = shape_dims(ctx, shape)
    dtype_name = numpy_dtype(ctx, dtype, "float64")
    if dims is None:
        return unknown_array(ctx, dtype_name)
    return array_result(ctx, dims, dtype_name, label="created as")


@op("np.ndarray")
def ndarray(ctx: OpContext, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
    """The class called directly: an uninitialised array, as np.empty, unless it views a buffer."""
    if not ctx.is_none(buffer):
        return unknown_array(ctx, numpy_dtype(ctx, dtype, "float64"))
    return zeros(ctx, shape, None if isinstance(dtype, type) else dtype)


@op("np.full")
def full(ctx: OpContext, shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    dims = shape_dims(ctx, shape)
    fill = as_array(ctx, fill_value)
    dtype_name = numpy_dtype(ctx, dtype, fill.dtype if fill is not None else None)
    if dims is None or not _fill_fits(ctx, fill_value, dims):
        return unknown_array(ctx, dtype_name)
    return array_result(ctx, dims, dtype_name, label="created as")


def _like(ctx: OpContext, a: Any, dtype: Any, shape: Any, fill_value: Any = None) -> Tensor:
    """The ``*_like`` family: a's shape (or ``shape=``) and a's dtype (or ``dtype=``)."""
    proto = as_array(ctx, a)
    dtype_name = numpy_dtype(ctx, dtype, proto.dtype if proto is not None else None)
    if not ctx.is_none(shape):
        dims = shape_dims(ctx, shape)
        if dims is None:
            return unknown_array(ctx, dtype_name)
        if fill_value is not None and not _fill_fits(ctx, fill_value, dims):
            return unknown_array(ctx, dtype_name)
        return array_result(ctx, dims, dtype_name, label="created as")
    if proto is None or proto.shape.dims is None:
        return unknown_array(ctx, dtype_name)
    if fill_value is not None and not _fill_fits(ctx, fill_value, list(proto.shape.dims)):
        return unknown_array(ctx, dtype_name)
    return same_array(proto, dtype_name)


@op("np.zeros_like", "np.ones_like")
def zeros_like(ctx: OpContext, a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return _like(ctx, a, dtype, shape)


@op("np.empty_like")
def empty_like(ctx: OpContext, prototype, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return _like(ctx, prototype, dtype, shape)


@op("np.full_like")
def full_like(ctx: OpContext, a, fill_value, dtype=None, order="K", subok=True, shape=None, *,
              device=None):
    return _like(ctx, a, dtype, shape, fill_value)


@op("np.eye")
def eye(ctx: OpContext, N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    rows = shape_dims(ctx, N)
    cols = shape_dims(ctx, M) if not ctx.is_none(M) else rows
    dtype_name = numpy_dtype(ctx, dtype, "float64")
    if rows is None or cols is None or len(rows) != 1 or len(cols) != 1:
        return unknown_array(ctx, dtype_name)
    return array_result(ctx, [rows[0], cols[0]], dtype_name, label="created as")


@op("np.identity")
def identity(ctx: OpContext, n, dtype=None, *, like=None):
    dims = shape_dims(ctx, n)
    dtype_name = numpy_dtype(ctx, dtype, "float64")
    if dims is None or len(dims) != 1:
        return unknown_array(ctx, dtype_name)
    return array_result(ctx, [dims[0], dims[0]], dtype_name, label="created as")


# --- ranges -------------------------------------------------------------------

def _number(ctx: OpContext, value: Any) -> int | float | Dim | None:
    """A Python number argument: int or float when known, a Dim when a symbolic int."""
    known = ctx.int(value)
    if known is not None:
        return known
    if isinstance(value, Const) and isinstance(value.value, float):
        return value.value
    if isinstance(value, SymInt):
        return value.dim
    return None


def _range_length(ctx: OpContext, start: Any, stop: Any, step: Any) -> Dim:
    """len(range(start, stop, step)) with numpy's float rule; fresh when not computable."""
    if all(isinstance(v, (int, float)) for v in (start, stop, step)):
        length = (stop - start) / step
        if not math.isfinite(length):
            return ctx.fresh("len", lower=0)  # np.arange(nan) raises, but not about shapes
        return Dim(max(0, math.ceil(length)), frozenset({ctx.site}))
    if isinstance(step, int) and step != 0 and not isinstance(start, float) \
            and not isinstance(stop, float) and start is not None and stop is not None:
        lo, hi = (start, stop) if step > 0 else (stop, start)
        span = (hi if isinstance(hi, Dim) else Dim(hi)) - lo
        count = span.ceildiv(abs(step))
        if _positive_symbol(span):
            return count.with_origins({ctx.site})  # np.arange(n) keeps n itself
        term = count.value if not count.known else z3.IntVal(count.value)
        span_term = span.value if not span.known else z3.IntVal(span.value)
        return Dim(z3.If(span_term > 0, term, 0), span.origins | frozenset({ctx.site}))
    return ctx.fresh("len", lower=0)


def _positive_symbol(dim: Dim) -> bool:
    """A bare data-dim symbol (at least 1), for which no clamping at 0 is needed."""
    return not dim.known and z3.is_const(dim.value) \
        and (lower_bound(str(dim.value)) or 0) >= 1


@op("np.arange")
def arange(ctx: OpContext, start=None, stop=None, step=None, dtype=None, *, device=None, like=None):
    if ctx.is_none(stop):
        start, stop = Const(0), start
    first, last = _number(ctx, start), _number(ctx, stop)
    stride = 1 if ctx.is_none(step) else _number(ctx, step)
    floats = any(isinstance(v, float) for v in (first, last, stride))
    dtype_name = numpy_dtype(ctx, dtype, "float64" if floats else "int64")
    if stride == 0:
        return unknown_array(ctx, dtype_name)  # ZeroDivisionError, not a shape error
    return array_result(ctx, [_range_length(ctx, first, last, stride)], dtype_name, label="created as")


@op("np.linspace")
def linspace(ctx: OpContext, start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    dtype_name = numpy_dtype(ctx, dtype, "float64")
    count = ctx.dim(num)
    if count is not None and count.known and count.value < 0:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Number of samples, {count}, must be non-negative.",
                                                  count=count.value), [count])
        return unknown_array(ctx, dtype_name)
    ends = [as_array(ctx, start), as_array(ctx, stop)]
    if any(e is None or e.shape.dims is None for e in ends):
        return unknown_array(ctx, dtype_name)
    message = ctx.msg(messages.np_cannot_broadcast((ends[0].shape, ends[1].shape)))
    base = broadcast_many(ctx, [e.shape for e in ends], message, ends)
    position = ctx.int(axis)
    if base is None or position is None or not -len(base) - 1 <= position <= len(base):
        return unknown_array(ctx, dtype_name)
    position = position % (len(base) + 1)
    dims = base[:position] + [count if count is not None else ctx.fresh("num", lower=0)] + base[position:]
    result = array_result(ctx, dims, dtype_name, label="created as")
    if ctx.bool(retstep, False):
        return Seq([result, Tensor(Shape([]), "float64", "ndarray")], "tuple")
    return result


_ROW = A(None)  # one array used twice: its rows surely agree


def _image(mode: str | None) -> Obj:
    """An example PIL image of 40 x 60 pixels."""
    return Obj(PIL_IMAGE, {"width": Const(40), "height": Const(60), "mode": Const(mode) if mode else UNKNOWN})

EXAMPLES = [
    ok("np.zeros", (2, 3), expect=[2, 3]),
    ok("np.zeros", 5, expect=[5]),
    ok("np.ones", [None, 4], dtype="float32", expect=[None, 4]),
    ok("np.empty", (), expect=[]),
    ok("np.ndarray", (1, 224, 224, 3), dtype=ApiRef("np.float32"), expect=[1, 224, 224, 3]),
    ok("np.ndarray", Seq([Const(2), Const(3)]), expect=[2, 3]),
    bad("np.zeros", (2, -1), code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    bad("np.ones", -3, code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    ok("np.full", (2, 3), 7.0, expect=[2, 3]),
    ok("np.full", (2, 3), [1, 2, 3], expect=[2, 3]),
    ok("np.full", (2, 3), A(2, 1), expect=[2, 3]),
    bad("np.full", (2, 3), [1, 2], code=codes.BROADCAST,
        message="could not broadcast input array from shape (2,) into shape (2,3)"),
    bad("np.full", (3,), A(2, 3), code=codes.BROADCAST,
        message="could not broadcast input array from shape (2,3) into shape (3,)"),
    ok("np.zeros_like", A(None, 10), expect=[None, 10]),
    ok("np.ones_like", T(4, 3), expect=[4, 3]),
    ok("np.zeros_like", [[1, 2], [3, 4]], expect=[2, 2]),
    ok("np.zeros_like", A(2, 3), shape=(6,), expect=[6]),
    bad("np.zeros_like", A(2, 3), shape=(-6,), code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    ok("np.empty_like", A(2, 3), expect=[2, 3]),
    ok("np.empty_like", A(2, 3), shape=[3, 2], expect=[3, 2]),
    bad("np.empty_like", [[1, 2], [3]], shape=[-1], code=codes.NUMPY_SHAPE,
        message="negative dimensions are not allowed"),
    ok("np.full_like", A(2, 3), 0.5, expect=[2, 3]),
    ok("np.full_like", A(None, 3), [1, 2, 3], expect=[None, 3]),
    bad("np.full_like", A(2, 3), [1, 2], code=codes.BROADCAST,
        message="could not broadcast input array from shape (2,) into shape (2,3)"),
    ok("np.eye", 10, expect=[10, 10]),
    ok("np.eye", 3, 4, expect=[3, 4]),
    ok("np.eye", 3, M=None, k=1, expect=[3, 3]),
    bad("np.eye", -1, code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    ok("np.identity", 4, expect=[4, 4]),
    ok("np.identity", 1, dtype="int64", expect=[1, 1]),
    bad("np.identity", -2, code=codes.NUMPY_SHAPE, message="negative dimensions are not allowed"),
    ok("np.arange", 5, expect=[5]),
    ok("np.arange", 2, 10, 3, expect=[3]),
    ok("np.arange", 0.0, 1.0, 0.1, expect=[10]),
    ok("np.arange", 5, 2, expect=[0]),
    ok("np.arange", 10, 0, -3, expect=[4]),
    ok("np.linspace", 0, 1, expect=[50]),
    ok("np.linspace", 0.0, 1.0, 5, expect=[5]),
    ok("np.linspace", A(3), 1.0, 5, expect=[5, 3]),
    ok("np.linspace", A(3), 1.0, 5, axis=1, expect=[3, 5]),
    bad("np.linspace", 0, 1, -1, code=codes.SHAPE_REQUIREMENT, message="Number of samples, -1, must be non-negative"),
    bad("np.linspace", A(3), A(4), 5, code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (3,) (4,)"),
    ok("np.array", [[1, 2, 3], [4, 5, 6]], expect=[2, 3]),
    ok("np.array", [1.0, 2.0], ndmin=3, expect=[1, 1, 2]),
    ok("np.array", A(None, 28, 28), expect=[None, 28, 28]),
    ok("np.array", [A(3), A(3)], expect=[2, 3]),
    ok("np.array", [[1, 2], [3]], dtype="object", expect=[2]),
    ok("np.array", 5, expect=[]),
    bad("np.array", [[1, 2], [3]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    bad("np.array", [1, [2, 3]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    bad("np.array", [[1, [2]], [3, 4]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    bad("np.array", [A(3), A(4)], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    ok("np.asarray", [[0.5] * 4] * 3, expect=[3, 4]),
    ok("np.asarray", T(None, 10), expect=[None, 10]),
    ok("np.asarray", [_ROW, _ROW], expect=[2, None]),
    ok("np.asarray", [A(None), A(4)], expect=UNKNOWN_SHAPE),  # may be ragged: unknown, never a finding
    bad("np.array", Seq([Seq([UNKNOWN, UNKNOWN], "list"), Seq([UNKNOWN], "list")], "list"), code=codes.NUMPY_SHAPE,
        message="setting an array element with a sequence"),
    ok("np.array", Seq([Seq([UNKNOWN, UNKNOWN], "list"), Seq([UNKNOWN, UNKNOWN], "list")], "list"),
       expect=UNKNOWN_SHAPE),
    ok("np.array", Seq([Seq([UNKNOWN, UNKNOWN], "list"), Seq([UNKNOWN], "list")], "list"), dtype="object", expect=[2]),
    bad("np.asarray", [A(3), A(None), A(4)], code=codes.NUMPY_SHAPE,
        message="setting an array element with a sequence"),
    bad("np.asarray", [[1, 2], [3]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    ok("np.asanyarray", [[1], [2]], expect=[2, 1]),
    bad("np.asanyarray", [[], [1]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    ok("np.ascontiguousarray", A(3, 4), expect=[3, 4]),
    bad("np.ascontiguousarray", [[1], 2], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    ok("np.float32", [[1, 2], [3, 4]], expect=[2, 2]),
    ok("np.float32", 3, expect=[]),
    ok("np.int64", A(5), expect=[5]),
    # every scalar type converts like np.array
    *[ok(f"np.{name}", A(2, 3), expect=[2, 3]) for name in ("float16", "float32", "float64", "double", "single",
                                                            "int8", "int16", "int32", "int64", "uint8", "bool_",
                                                            "complex64", "complex128")],
    ok("np.uint8", 255, expect=[]),
    bad("np.float32", [[1, 2], [3]], code=codes.NUMPY_SHAPE, message="setting an array element with a sequence"),
    # a PIL image: (height, width[, bands]) by its mode; a mode from the file leaves the rank open
    ok("np.asarray", _image("RGB"), expect=[60, 40, 3]),
    ok("np.array", _image("L"), expect=[60, 40]),
    ok("np.asarray", _image("RGBA"), dtype="float32", expect=[60, 40, 4]),
    ok("np.array", _image(None), expect=UNKNOWN_SHAPE),
    ok("np.array", _image("LA"), ndmin=4, expect=[1, 60, 40, 2]),
    ok("np.array", "path/to/image.jpg", expect=[]),  # a 0-d array holding the string
]
