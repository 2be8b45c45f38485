"""numpy selection and ordering: where, clip, sort/argsort, unique, nonzero —
as functions and as ndarray methods.

Reference: numpy 2.x.  ``np.where(c, x, y)`` and ``np.clip(a, lo, hi)``
broadcast all their operands ("operands could not be broadcast together with
shapes (2,3) (4,) ()"); ``np.where(c)`` is ``np.nonzero(c)``: one index
array per axis, all of one data-dependent length.  sort/argsort keep the
shape (``axis=None`` flattens first; a bad axis raises numpy's AxisError).
unique's length depends on the values, so it is a fresh dim.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import A, bad, Const, ok
from shapetracer.constraints.core.arrays import array_result, as_array, promote, same_array, unknown_array
from shapetracer.constraints.numpy.creation import broadcast_many
from shapetracer.constraints.numpy.manipulation import check_axis, known_array
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import NONE, UNKNOWN, Seq, Tensor, Value
from shapetracer.constraints.core import messages


def _broadcast_operands(ctx: OpContext, operands: list[Any], dtype_from: list[int]) -> Tensor:
    """The broadcast of every operand; ``dtype_from`` picks whose dtypes decide the result's."""
    arrays = [as_array(ctx, v) for v in operands]
    if any(a is None or a.shape.dims is None for a in arrays):
        return unknown_array(ctx)
    dtype = promote([arrays[i].dtype for i in dtype_from])
    message = ctx.msg(messages.np_cannot_broadcast([a.shape for a in arrays]))
    dims = broadcast_many(ctx, [a.shape for a in arrays], message, arrays)
    if dims is None:
        return unknown_array(ctx, dtype)
    for a in arrays:  # an operand that already has the result's shape keeps its dims' origins
        if len(a.shape.dims) == len(dims) and all(d is e for d, e in zip(a.shape.dims, dims)):
            return same_array(a, dtype)
    return array_result(ctx, dims, dtype, label="broadcast to")


def nonzero_of(ctx: OpContext, a: Any) -> Value:
    x = known_array(ctx, a)
    if x is None:
        return UNKNOWN
    if x.shape.rank == 0:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Calling nonzero on 0d arrays is not allowed. Use "
                                              "np.atleast_1d(scalar).nonzero() instead."), [x])
        return UNKNOWN
    count = ctx.fresh("nonzero", lower=0)  # every index array has the same, data-dependent length
    return Seq([array_result(ctx, [count], "int64", label="selected as") for _ in x.shape.dims], "tuple")


@op("np.where")
def where(ctx: OpContext, condition, x=None, y=None):
    if ctx.is_none(x) and ctx.is_none(y):
        return nonzero_of(ctx, condition)
    if ctx.is_none(x) or ctx.is_none(y):
        return unknown_array(ctx)  # "either both or neither of x and y should be given"
    return _broadcast_operands(ctx, [condition, x, y], [1, 2])


@op("np.nonzero")
def nonzero(ctx: OpContext, a):
    return nonzero_of(ctx, a)


@op("np.argwhere")
def argwhere(ctx: OpContext, a):
    """One row of indices per non-zero element: ``[count, ndim]``."""
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx, "int64")
    return array_result(ctx, [ctx.fresh("nonzero", lower=0), x.shape.rank], "int64", label="selected as")


@op("ndarray.nonzero")
def ndarray_nonzero(ctx: OpContext, self):
    return nonzero_of(ctx, self)


def clip_array(ctx: OpContext, a: Any, low: Any, high: Any) -> Tensor:
    operands = [a] + [bound for bound in (low, high) if not ctx.is_none(bound)]
    return _broadcast_operands(ctx, operands, [0])


@op("np.clip")
def clip(ctx: OpContext, a, a_min=None, a_max=None, out=None, *, min=None, max=None, **kwargs):
    low = a_min if not ctx.is_none(a_min) else min
    high = a_max if not ctx.is_none(a_max) else max
    return clip_array(ctx, a, low, high)


@op("ndarray.clip")
def ndarray_clip(ctx: OpContext, self, min=None, max=None, out=None, **kwargs):
    return clip_array(ctx, self, min, max)


def _ordered(ctx: OpContext, a: Any, axis: Any, dtype: str | None) -> Tensor:
    """sort/argsort: the same shape, or the flattened length for ``axis=None``."""
    x = known_array(ctx, a)
    if x is None:
        return unknown_array(ctx, dtype)
    dtype = dtype or x.dtype
    if ctx.is_none(axis):
        return array_result(ctx, [x.shape.num_elements()], dtype, label="sorted as")
    check_axis(ctx, axis, x.shape.rank)
    return unknown_array(ctx, dtype) if ctx.failed else same_array(x, dtype)


@op("np.sort")
def sort(ctx: OpContext, a, axis=-1, kind=None, order=None, *, stable=None):
    return _ordered(ctx, a, axis, None)


@op("np.argsort")
def argsort(ctx: OpContext, a, axis=-1, kind=None, order=None, *, stable=None):
    return _ordered(ctx, a, axis, "int64")


@op("ndarray.argsort")
def ndarray_argsort(ctx: OpContext, self, axis=-1, kind=None, order=None, *, stable=None):
    return _ordered(ctx, self, axis, "int64")


@op("ndarray.sort")
def ndarray_sort(ctx: OpContext, self, axis=-1, kind=None, order=None, *, stable=None):
    """Sorts in place and returns None; only the axis can be wrong."""
    x = known_array(ctx, self)
    if x is not None:
        check_axis(ctx, axis, x.shape.rank)
    return NONE


@op("np.unique")
def unique(ctx: OpContext, ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    x = known_array(ctx, ar)
    if x is None:
        return UNKNOWN
    size = x.shape.num_elements()
    empty = size.known and size.value == 0
    count = Dim(0, frozenset({ctx.site})) if empty else ctx.fresh("unique")
    if ctx.is_none(axis):
        values = array_result(ctx, [count], x.dtype, label="deduplicated to")
        inverse = same_array(x, "int64")  # numpy 2 gives the inverse the input's shape
    else:
        position = check_axis(ctx, axis, x.shape.rank)
        if position is None:
            return UNKNOWN
        dims = list(x.shape.dims)
        inverse = array_result(ctx, [dims[position]], "int64", label="indexed as")
        dims[position] = count
        values = array_result(ctx, dims, x.dtype, label="deduplicated to")
    extras = [(return_index, array_result(ctx, [count], "int64", label="indexed as")),
              (return_inverse, inverse),
              (return_counts, array_result(ctx, [count], "int64", label="counted as"))]
    wanted = [result for flag, result in extras if ctx.bool(flag, False)]
    return Seq([values] + wanted, "tuple") if wanted else values


EXAMPLES = [
    ok("np.where", A(2, 3), A(3), 0, expect=[2, 3]),
    ok("np.where", A(None, 1), A(10), A(None, 10), expect=[None, 10]),
    ok("np.where", [1, 0], A(3, 1), A(2), expect=[3, 2]),
    ok("np.where", A(5, 5), expect=([None], [None])),
    bad("np.where", A(2, 3), A(4), 0, code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (2,3) (4,) ()"),
    bad("np.where", A(2), A(3), A(2), code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (2,) (3,) (2,)"),
    ok("np.nonzero", A(2, 3), expect=([None], [None])),
    ok("ndarray.nonzero", A(None), expect=([None],)),
    ok("np.argwhere", A(4, 5), expect=[None, 2]),
    ok("np.argwhere", A(), expect=[None, 0]),
    bad("np.nonzero", A(), code=codes.RANK_MISMATCH, message="Calling nonzero on 0d arrays is not allowed"),
    ok("np.clip", A(2, 3), 0, 1, expect=[2, 3]),
    ok("np.clip", A(3), A(2, 3), 1, expect=[2, 3]),
    ok("np.clip", A(None, 10), 1e-7, None, expect=[None, 10]),
    ok("np.clip", A(4), min=0, max=A(4), expect=[4]),
    bad("np.clip", A(2, 3), A(4), A(5), code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (2,3) (4,) (5,)"),
    bad("np.clip", A(2, 3), A(4), None, code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (2,3) (4,)"),
    ok("ndarray.clip", A(None, 3), 0.0, 1.0, expect=[None, 3]),
    bad("ndarray.clip", A(3), A(2), code=codes.BROADCAST,
        message="operands could not be broadcast together with shapes (3,) (2,)"),
    ok("np.sort", A(2, 3), expect=[2, 3]),
    ok("np.sort", A(2, 3), axis=None, expect=[6]),
    bad("np.sort", A(2, 3), axis=-3, code=codes.AXIS_RANGE,
        message="axis -3 is out of bounds for array of dimension 2"),
    bad("np.sort", A(), code=codes.AXIS_RANGE, message="axis -1 is out of bounds for array of dimension 0"),
    ok("np.argsort", A(None), expect=[None]),
    ok("np.argsort", A(4, 5), axis=0, expect=[4, 5]),
    bad("np.argsort", A(2, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("ndarray.argsort", A(10), expect=[10]),
    bad("ndarray.argsort", A(10), axis=1, code=codes.AXIS_RANGE,
        message="axis 1 is out of bounds for array of dimension 1"),
    ok("ndarray.sort", A(3, 2), axis=0, expect=Const(None)),
    bad("ndarray.sort", A(3, 2), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("np.unique", A(2, 3), expect=[None]),
    ok("np.unique", A(None, 4), axis=0, expect=[None, 4]),
    ok("np.unique", A(10), return_counts=True, expect=([None], [None])),
    bad("np.unique", A(2, 3), axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
]
