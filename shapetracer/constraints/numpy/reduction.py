"""numpy's reductions: sum/mean/max/min/argmax/std/any/cumsum/... as functions and as
ndarray methods.

Reference: numpy's AxisError ("axis 2 is out of bounds for array of dimension 2") and
"duplicate value in 'axis'".  ``axis=None`` reduces every axis (argmax: the flattened
array); ``keepdims`` keeps reduced axes as 1.  The axis rules are core/reductions'.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.arrays import array_result, as_array, unknown_array
from shapetracer.constraints.core.reductions import ALL, arg_reduce, numpy_axes, read_axes, reduce
from shapetracer.constraints.core.spec import OpContext, Tensor, dim_int, op


@op("np.cumsum", "np.cumprod", "np.nancumsum", "np.nancumprod")
def np_cumulative(ctx: OpContext, a, axis=None, dtype=None, out=None):
    """Without an axis numpy scans the flattened array (a vector of every element)."""
    x = as_array(ctx, a)
    if x is None or x.shape.dims is None:
        return unknown_array(ctx, x.dtype if x is not None else None)
    if ctx.is_none(axis):
        total = x.shape.num_elements()
        return array_result(ctx, [total], x.dtype, label="flattened to")
    axes = read_axes(ctx, axis)
    if axes is None or axes == ALL or x.shape.rank == 0 or numpy_axes(ctx, axes, x) is None:
        return unknown_array(ctx, x.dtype)
    return array_result(ctx, list(x.shape.dims), x.dtype, label="scanned to")


@op("ndarray.cumsum", "ndarray.cumprod")
def array_cumulative(ctx: OpContext, self, axis=None, dtype=None, out=None):
    return np_cumulative(ctx, self, axis, dtype, out)


@op("np.diff")
def np_diff(ctx: OpContext, a, n=1, axis=-1, prepend=None, append=None):
    """The ``n``-th differences along ``axis``: that axis grows by what ``prepend`` and
    ``append`` add (a scalar adds one row, an array its length there) and shrinks by ``n``;
    the other axes stay (MFCC deltas: ``np.diff(x, axis=1, prepend=x[:, :1])`` keeps x's shape)."""
    x = as_array(ctx, a)
    steps = ctx.int(n) if not ctx.is_none(n) else 1
    axes = read_axes(ctx, axis)
    if x is None or x.shape.dims is None or x.shape.rank == 0 or steps is None or steps < 0 \
            or axes is None or axes == ALL or len(axes) != 1:
        return unknown_array(ctx, x.dtype if x is not None else None)
    normal = numpy_axes(ctx, axes, x)
    if normal is None:
        return unknown_array(ctx, x.dtype)
    at = normal[0]
    length = x.shape.dims[at]
    for extra in (prepend, append):
        if ctx.is_none(extra):
            continue
        added = as_array(ctx, extra)
        if added is None or added.shape.dims is None:
            return unknown_array(ctx, x.dtype)
        if added.shape.rank == 0:
            length = length + 1
        elif added.shape.rank == x.shape.rank:
            length = length + added.shape.dims[at]
        else:
            return unknown_array(ctx, x.dtype)
    if steps:
        length = length - steps
        if length.known and length.value < 0:
            length = Dim(0)
    dims = list(x.shape.dims)
    dims[at] = length
    return array_result(ctx, dims, x.dtype, label="differenced to")


@op("np.sum", "np.mean", "np.prod", "np.nansum", "np.nanmean", "np.nanprod")
def np_sum(ctx: OpContext, a, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    result = reduce(ctx, a, axis, ctx.bool(keepdims, False), numpy=True)
    return _with_folded_value(ctx, result, a, axis, keepdims)


def _with_folded_value(ctx: OpContext, result: Any, a: Any, axis: Any, keepdims: Any) -> Any:
    """``np.prod(x.shape[1:])`` and ``np.sum`` of known ints: the value is a dim too
    (flatten sizes are written this way), so keep it as the scalar's element."""
    kind = ctx.api.rsplit(".", 1)[-1]
    if kind not in ("prod", "sum") or not ctx.is_none(axis) or ctx.bool(keepdims, False) is not False:
        return result
    x = ctx.tensor(a)
    if not isinstance(result, Tensor) or x is None or not x.elements or x.shape.rank != 1:
        return result
    dims = [ctx.dim(e) for e in x.elements]
    if any(d is None for d in dims):
        return result
    total = dims[0]
    for d in dims[1:]:
        total = total * d if kind == "prod" else total + d
    result.elements = (dim_int(total),)
    return result


@op("np.max", "np.min", "np.amax", "np.amin", "np.nanmax", "np.nanmin", "np.median", "np.ptp")
def np_max(ctx: OpContext, a, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, a, axis, ctx.bool(keepdims, False), numpy=True)


@op("np.any", "np.all")
def np_any(ctx: OpContext, a, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, a, axis, ctx.bool(keepdims, False), dtype="bool", numpy=True)


@op("np.std", "np.var", "np.nanstd", "np.nanvar")
def np_std(ctx: OpContext, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, **kwargs):
    return reduce(ctx, a, axis, ctx.bool(keepdims, False), numpy=True)


@op("np.argmax", "np.argmin", "np.nanargmax", "np.nanargmin")
def np_argmax(ctx: OpContext, a, axis=None, out=None, keepdims=False):
    keep = ctx.bool(keepdims, False)
    if keep is None or not ctx.is_none(axis) and ctx.int(axis) is None:
        return unknown_array(ctx, "int64")  # a tuple axis is a TypeError, not a shape question
    return arg_reduce(ctx, a, axis, numpy=True, keepdims=keep)


@op("ndarray.sum", "ndarray.mean", "ndarray.prod")
def array_sum(ctx: OpContext, self, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
    result = reduce(ctx, self, axis, ctx.bool(keepdims, False), numpy=True)
    return _with_folded_value(ctx, result, self, axis, keepdims)


@op("ndarray.max", "ndarray.min")
def array_max(ctx: OpContext, self, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, self, axis, ctx.bool(keepdims, False), numpy=True)


@op("ndarray.any", "ndarray.all")
def array_any(ctx: OpContext, self, axis=None, out=None, keepdims=False, **kwargs):
    return reduce(ctx, self, axis, ctx.bool(keepdims, False), dtype="bool", numpy=True)


@op("ndarray.std", "ndarray.var")
def array_std(ctx: OpContext, self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, **kwargs):
    return reduce(ctx, self, axis, ctx.bool(keepdims, False), numpy=True)


@op("ndarray.argmax", "ndarray.argmin")
def array_argmax(ctx: OpContext, self, axis=None, out=None, keepdims=False):
    return np_argmax(ctx, self, axis, out, keepdims)


EXAMPLES = [
    ok("np.cumsum", A(200), expect=[200]),
    ok("np.cumsum", A(4, 3), expect=[12]),
    ok("np.cumprod", A(4, 3), axis=0, expect=[4, 3]),
    bad("np.cumsum", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("np.diff", A(4, 20, 13), axis=1, expect=[4, 19, 13]),
    ok("np.diff", A(5), expect=[4]),
    ok("np.diff", A(5), n=2, expect=[3]),
    ok("np.diff", A(4, 20, 13), axis=1, prepend=A(4, 1, 13), expect=[4, 20, 13]),
    ok("np.diff", A(6), prepend=0, append=0, expect=[7]),
    bad("np.diff", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("np.sum", A(3, 4), axis=1, expect=[3]),
    ok("np.sum", A(3, 4), axis=(0, 1), expect=[]),
    ok("np.mean", A(3, 4), 0, expect=[4]),
    ok("np.sum", A(3, 4), axis=1, keepdims=True, expect=[3, 1]),
    ok("np.max", A(None, 4), axis=1, expect=[None]),
    ok("np.sum", [[1, 2], [3, 4]], axis=0, expect=[2]),
    bad("np.sum", A(3, 4), axis=2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    bad("np.mean", A(3, 4), axis=-3, code=codes.AXIS_RANGE,
        message="axis -3 is out of bounds for array of dimension 2"),
    bad("np.sum", A(3, 4), axis=(1, -1), code=codes.AXIS_RANGE, message="duplicate value in 'axis'"),
    bad("np.std", A(3, 4), axis=5, code=codes.AXIS_RANGE, message="axis 5 is out of bounds for array of dimension 2"),
    ok("np.argmax", A(3, 4), axis=1, expect=[3]),
    ok("np.argmax", A(3, 4), expect=[]),
    ok("np.argmin", A(3, 4), keepdims=True, expect=[1, 1]),
    bad("np.argmax", A(3, 4), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.sum", A(3, 4), 1, expect=[3]),
    ok("ndarray.mean", A(3, 4), axis=0, keepdims=True, expect=[1, 4]),
    ok("ndarray.argmax", A(None, 10), axis=1, expect=[None]),
    ok("ndarray.max", A(3, 4), expect=[]),
    *[ok(name, A(4, 3), axis=0, expect=[4, 3]) for name in ("np.nancumsum", "np.nancumprod")],
    *[ok(name, A(4, 3), axis=0, expect=[3])
      for name in ("np.prod", "np.nansum", "np.nanmean", "np.nanprod", "np.amin", "np.nanmax", "np.nanmin",
                   "np.median", "np.ptp", "np.nanstd", "np.nanvar", "np.nanargmax", "np.nanargmin")],
    bad("np.nanmean", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.prod", A(3, 4), axis=1, expect=[3]),
    ok("ndarray.argmin", A(None, 10), axis=1, expect=[None]),
    ok("ndarray.cumsum", A(4, 3), expect=[12]),
    ok("ndarray.cumprod", A(4, 3), axis=1, expect=[4, 3]),
    bad("ndarray.cumsum", A(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.sum", A(3, 4), 2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.argmax", A(3, 4), 2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    bad("ndarray.min", A(3), axis=1, code=codes.AXIS_RANGE, message="axis 1 is out of bounds for array of dimension 1"),
    ok("np.amax", A(3, 4), axis=0, keepdims=True, expect=[1, 4]),
    ok("np.min", A(3, 4), expect=[]),
    bad("np.max", A(3, 4), axis=2, code=codes.AXIS_RANGE, message="axis 2 is out of bounds for array of dimension 2"),
    ok("np.any", A(3, 4, dtype="bool"), axis=1, expect=[3]),
    ok("np.all", A(3, 4, dtype="bool"), expect=[]),
    bad("np.any", A(3, 4, dtype="bool"), axis=-3, code=codes.AXIS_RANGE,
        message="axis -3 is out of bounds for array of dimension 2"),
    ok("np.var", A(3, 4), axis=0, expect=[4]),
    ok("ndarray.any", A(3, 4, dtype="bool"), axis=0, expect=[4]),
    bad("ndarray.all", A(3, 4, dtype="bool"), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.std", A(3, 4), axis=1, expect=[3]),
    bad("ndarray.var", A(3, 4), axis=(0, 0), code=codes.AXIS_RANGE, message="duplicate value in 'axis'"),
]
