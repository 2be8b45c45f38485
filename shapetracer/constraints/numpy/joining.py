"""numpy joining and splitting: concatenate, stack, vstack, hstack,
column_stack, dstack, split, array_split.

Reference: numpy 2.x.  concatenate needs equal ranks ("all the input arrays
must have same number of dimensions, but the array at index 0 has 2
dimension(s) and the array at index 1 has 1 dimension(s)") and equal dims off
the axis ("all the input array dimensions except for the concatenation axis
must match exactly, but along dimension 1, the array at index 0 has size 3 and
the array at index 1 has size 4"); stack needs equal shapes ("all input arrays
must have the same shape").  vstack/hstack/column_stack/dstack first lift
their inputs to 2-D/1-D/columns/3-D, then concatenate.  split needs an even
division ("array split does not result in an equal division"); array_split
does not.  Pieces come back as a list of arrays.
"""

from __future__ import annotations

from typing import Any, Callable

from shapetracer.rules import codes
from shapetracer.constraints.core.common import MAX_PIECES, slice_length
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.core.arrays import array_result, discover, numpy_dtype, promote, unknown_array
from shapetracer.constraints.numpy.manipulation import check_axis, known_array
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Seq, Tensor, Value

Lift = Callable[[list[Dim]], list[Dim]]


def _inputs(ctx: OpContext, arrays: Any) -> list[Tensor] | None:
    """The arrays of a join, each of known rank; None when any is unknown."""
    if isinstance(arrays, Seq) and not arrays.sized:
        return None  # a list of unknown length: np.stack handles it (see _stack_unsized)
    items = ctx.items(arrays) if not isinstance(arrays, Tensor) else None
    if not items:
        return None
    found = [known_array(ctx, item) for item in items]
    return None if any(t is None for t in found) else found


def _stack_unsized(ctx: OpContext, arrays: Seq, axis: Any, wanted: str | None) -> Tensor:
    """np.stack of a list grown in a summarised loop: ``n`` copies of its items' common
    shape (see core.arrays._discover_unsized); never a failure, as an example item
    from the loop body may not be in the list at all."""
    nest = discover(ctx, arrays)
    if nest is None or ctx.int(axis) != 0:
        return unknown_array(ctx, wanted)
    return array_result(ctx, nest.dims, wanted or nest.dtype, label="stacked to")


def _lifted(arrays: list[Tensor], lift: Lift) -> list[Tensor]:
    return [Tensor(Shape(lift(list(t.shape.dims))), t.dtype, "ndarray", t.origin)
            for t in arrays]


def join(ctx: OpContext, arrays: list[Tensor], axis: Any, dtype: str | None) -> Tensor:
    """np.concatenate on arrays of known rank."""
    dtype = dtype or promote([t.dtype for t in arrays])
    if ctx.is_none(axis):
        total = Dim(0)
        for t in arrays:
            total = total + t.shape.num_elements()
        return array_result(ctx, [total], dtype, label="concatenated to")
    first = arrays[0]
    ndim = first.shape.rank
    if ndim == 0:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("zero-dimensional arrays cannot be concatenated"), [first])
        return unknown_array(ctx, dtype)
    for index, t in enumerate(arrays[1:], start=1):
        if t.shape.rank != ndim:
            ctx.fail(codes.RANK_MISMATCH, ctx.msg("all the input arrays must have same number of dimensions, but "
                                                  "the array at index 0 has {ndim} dimension(s) and the array at "
                                                  "index {index} has {rank} dimension(s)", ndim=ndim, index=index,
                                                  rank=t.shape.rank), [first, t])
            return unknown_array(ctx, dtype)
    position = check_axis(ctx, axis, ndim)
    if position is None:
        return unknown_array(ctx, dtype)
    dims = list(first.shape.dims)
    for index, t in enumerate(arrays[1:], start=1):
        for j, (a, b) in enumerate(zip(first.shape.dims, t.shape.dims)):
            if j == position:
                dims[j] = dims[j] + b
                continue
            message = ctx.msg("all the input array dimensions except for the concatenation axis must match exactly, "
                              "but along dimension {axis}, the array at index 0 has size {a} and the array at index "
                              "{index} has size {b}", axis=j, a=a, index=index, b=b)
            if not ctx.require(a.eq(b), codes.CONCAT_DIM, message, [a, b, first, t]):
                return unknown_array(ctx, dtype)
            if not dims[j].known and b.known:
                dims[j] = b
    return array_result(ctx, dims, dtype, label="concatenated to")


@op("np.concatenate", "np.concat")
def concatenate(ctx: OpContext, arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    found = _inputs(ctx, arrays)
    wanted = numpy_dtype(ctx, dtype, None)
    return join(ctx, found, axis, wanted) if found is not None else unknown_array(ctx, wanted)


@op("np.stack")
def stack(ctx: OpContext, arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    found = _inputs(ctx, arrays)
    wanted = numpy_dtype(ctx, dtype, None)
    if isinstance(arrays, Seq) and not arrays.sized:
        return _stack_unsized(ctx, arrays, axis, wanted)
    if found is None:
        return unknown_array(ctx, wanted)
    wanted = wanted or promote([t.dtype for t in found])
    first = found[0]
    message = ctx.msg("all input arrays must have the same shape")
    dims = list(first.shape.dims)
    for t in found[1:]:
        if t.shape.rank != first.shape.rank:
            ctx.fail(codes.CONCAT_DIM, message, [first, t])
            return unknown_array(ctx, wanted)
        for j, (a, b) in enumerate(zip(first.shape.dims, t.shape.dims)):
            if not ctx.require(a.eq(b), codes.CONCAT_DIM, message, [a, b, first, t]):
                return unknown_array(ctx, wanted)
            if not dims[j].known and b.known:
                dims[j] = b
    position = check_axis(ctx, axis, len(dims), extra=1)
    if position is None:
        return unknown_array(ctx, wanted)
    dims.insert(position, Dim(len(found), frozenset({ctx.site})))
    return array_result(ctx, dims, wanted, label="stacked to")


def _at_least_2d(dims: list[Dim]) -> list[Dim]:
    return [Dim(1)] * (2 - len(dims)) + dims if len(dims) < 2 else dims


def _at_least_1d(dims: list[Dim]) -> list[Dim]:
    return dims or [Dim(1)]


def _column(dims: list[Dim]) -> list[Dim]:
    if len(dims) == 0:
        return [Dim(1), Dim(1)]
    return [dims[0], Dim(1)] if len(dims) == 1 else dims


def _at_least_3d(dims: list[Dim]) -> list[Dim]:
    if len(dims) == 0:
        return [Dim(1), Dim(1), Dim(1)]
    if len(dims) == 1:
        return [Dim(1), dims[0], Dim(1)]
    return dims + [Dim(1)] if len(dims) == 2 else dims


def _lift_and_join(ctx: OpContext, tup: Any, lift: Lift, axis_of: Callable[[list[Tensor]], int],
                   dtype: Any = None) -> Tensor:
    found = _inputs(ctx, tup)
    wanted = numpy_dtype(ctx, dtype, None)
    if found is None:
        return unknown_array(ctx, wanted)
    lifted = _lifted(found, lift)
    return join(ctx, lifted, axis_of(lifted), wanted)


@op("np.vstack", "np.row_stack")
def vstack(ctx: OpContext, tup, *, dtype=None, casting="same_kind"):
    return _lift_and_join(ctx, tup, _at_least_2d, lambda _: 0, dtype)


@op("np.hstack")
def hstack(ctx: OpContext, tup, *, dtype=None, casting="same_kind"):
    # numpy picks the axis from the first array alone
    return _lift_and_join(ctx, tup, _at_least_1d, lambda arrs: 0 if arrs[0].shape.rank == 1 else 1, dtype)


@op("np.column_stack")
def column_stack(ctx: OpContext, tup):
    return _lift_and_join(ctx, tup, _column, lambda _: 1)


@op("np.dstack")
def dstack(ctx: OpContext, tup):
    return _lift_and_join(ctx, tup, _at_least_3d, lambda _: 2)


# --- splitting ---------------------------------------------------------------

def _split_axis(ctx: OpContext, x: Tensor, axis: Any) -> int | None:
    """split/array_split index ``ary.shape[axis]`` directly: IndexError when out of range."""
    value = ctx.int(axis)
    ndim = x.shape.rank
    if value is None:
        return None
    if not -ndim <= value < ndim:
        ctx.fail(codes.AXIS_RANGE, ctx.msg("tuple index out of range"), [x])
        return None
    return value % ndim


def _pieces(ctx: OpContext, x: Tensor, position: int, lengths: list[Dim]) -> Seq:
    result: list[Value] = []
    for length in lengths:
        dims = list(x.shape.dims)
        dims[position] = length
        result.append(array_result(ctx, dims, x.dtype, label="split into"))
    return Seq(result, "list")


def _lengths_between(ctx: OpContext, length: Dim, cuts: list[int | None]) -> list[Dim]:
    """Lengths of ``a[:c0], a[c0:c1], …, a[cn:]`` with Python's slice clipping."""
    if not length.known or any(c is None for c in cuts):
        return [ctx.fresh("n", lower=0) for _ in range(len(cuts) + 1)]
    bounds: list[int | None] = [0] + cuts + [None]
    return [Dim(slice_length(length.value, start, stop, None), frozenset({ctx.site}))
            for start, stop in zip(bounds, bounds[1:])]


def _even_split(ctx: OpContext, x: Tensor, position: int, sections: Dim, strict: bool) -> Value:
    length = x.shape.dims[position]
    if not sections.known:
        return UNKNOWN  # the number of pieces is unknown
    count = sections.value
    if count > MAX_PIECES:
        return UNKNOWN
    if count <= 0:
        message = "integer modulo by zero" if strict and count == 0 else "number sections must be larger than 0."
        ctx.fail(codes.SPLIT_UNEVEN, ctx.msg(message), [sections])
        return UNKNOWN
    if strict:
        if not ctx.require(length.mod(count).eq(0), codes.SPLIT_UNEVEN,
                           ctx.msg("array split does not result in an equal division"), [length, x]):
            return UNKNOWN
        return _pieces(ctx, x, position, [length.floordiv(count)] * count)
    if length.known:
        small, extra = divmod(length.value, count)
        sizes = [small + 1] * extra + [small] * (count - extra)
        return _pieces(ctx, x, position, [Dim(s, frozenset({ctx.site})) for s in sizes])
    return _pieces(ctx, x, position, [ctx.fresh("n", lower=0) for _ in range(count)])


def split_array(ctx: OpContext, ary: Any, indices_or_sections: Any, axis: Any, strict: bool) -> Value:
    x = known_array(ctx, ary)
    if x is None or x.shape.rank == 0:
        return UNKNOWN
    position = _split_axis(ctx, x, axis)
    if position is None:
        return UNKNOWN
    sections = ctx.dim(indices_or_sections)
    if sections is not None:
        return _even_split(ctx, x, position, sections, strict)
    cuts = ctx.items(indices_or_sections)
    if cuts is None:
        return UNKNOWN
    lengths = _lengths_between(ctx, x.shape.dims[position], [ctx.int(c) for c in cuts])
    return _pieces(ctx, x, position, lengths)


@op("np.split")
def split(ctx: OpContext, ary, indices_or_sections, axis=0):
    return split_array(ctx, ary, indices_or_sections, axis, strict=True)


@op("np.array_split")
def array_split(ctx: OpContext, ary, indices_or_sections, axis=0):
    return split_array(ctx, ary, indices_or_sections, axis, strict=False)


EXAMPLES = [
    ok("np.concatenate", [A(2, 3), A(4, 3)], expect=[6, 3]),
    ok("np.concatenate", [A(2, 3), A(2, 4)], axis=1, expect=[2, 7]),
    ok("np.concatenate", (A(None, 3), A(None, 3)), expect=[None, 3]),
    ok("np.concatenate", [A(2, 3), A(4)], axis=None, expect=[10]),
    ok("np.concatenate", [[1, 2], [3]], expect=[3]),
    ok("np.concat", [A(2, 3), A(4, 3)], expect=[6, 3]),  # numpy 2's name
    bad("np.concatenate", [A(2, 3), A(2, 4)], code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    bad("np.concatenate", [A(2, 3), A(2, 3), A(2, 4)], axis=0, code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    bad("np.concatenate", [A(2, 3), A(2)], code=codes.RANK_MISMATCH,
        message="all the input arrays must have same number of dimensions, but the array"),
    bad("np.concatenate", [A(2, 3), A(2, 3)], axis=2, code=codes.AXIS_RANGE,
        message="axis 2 is out of bounds for array of dimension 2"),
    ok("np.stack", [A(2, 3), A(2, 3)], expect=[2, 2, 3]),
    ok("np.stack", [A(3), A(3)], axis=-1, expect=[3, 2]),
    ok("np.stack", [A(None, 3), A(None, 3), A(None, 3)], axis=1, expect=[None, 3, 3]),
    bad("np.stack", [A(2, 3), A(2, 4)], code=codes.CONCAT_DIM, message="all input arrays must have the same shape"),
    bad("np.stack", [A(3), A(3, 1)], code=codes.CONCAT_DIM, message="all input arrays must have the same shape"),
    bad("np.stack", [A(2, 3), A(2, 3)], axis=3, code=codes.AXIS_RANGE,
        message="axis 3 is out of bounds for array of dimension 3"),
    ok("np.vstack", [A(3), A(3)], expect=[2, 3]),
    ok("np.vstack", [A(2, 3), A(5, 3)], expect=[7, 3]),
    ok("np.row_stack", [A(2, 3), A(5, 3)], expect=[7, 3]),  # numpy 1's name for vstack
    bad("np.vstack", [A(3), A(4)], code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    bad("np.vstack", [A(2, 3), A(2, 4)], code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    ok("np.hstack", [A(3), A(4)], expect=[7]),
    ok("np.hstack", [A(2, 3), A(2, 1)], expect=[2, 4]),
    ok("np.hstack", [1, 2], expect=[2]),
    bad("np.hstack", [A(2, 3), A(3, 4)], code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    bad("np.hstack", [A(2, 3), A(3)], code=codes.RANK_MISMATCH,
        message="all the input arrays must have same number of dimensions, but the array"),
    ok("np.column_stack", [A(3), A(3, 2)], expect=[3, 3]),
    ok("np.column_stack", [A(None), A(None)], expect=[None, 2]),
    bad("np.column_stack", [A(3), A(4)], code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    ok("np.dstack", [A(2, 3), A(2, 3)], expect=[2, 3, 2]),
    bad("np.dstack", [A(2, 3), A(3, 3)], code=codes.CONCAT_DIM,
        message="all the input array dimensions except for the concatenation axis must"),
    ok("np.split", A(6, 3), 3, expect=([2, 3], [2, 3], [2, 3])),
    ok("np.split", A(6), [2, 5], expect=([2], [3], [1])),
    ok("np.split", A(6, 2), 2, axis=-1, expect=([6, 1], [6, 1])),
    bad("np.split", A(6, 3), 4, code=codes.SPLIT_UNEVEN, message="array split does not result in an equal division"),
    bad("np.split", A(6, 3), 3, axis=2, code=codes.AXIS_RANGE, message="tuple index out of range"),
    bad("np.split", A(6), 0, code=codes.SPLIT_UNEVEN, message="integer modulo by zero"),
    ok("np.array_split", A(7, 3), 3, expect=([3, 3], [2, 3], [2, 3])),
    ok("np.array_split", A(None, 3), 2, expect=([None, 3], [None, 3])),
    bad("np.array_split", A(6), 0, code=codes.SPLIT_UNEVEN, message="number sections must be larger than 0"),
    bad("np.array_split", A(6, 2), 2, axis=-3, code=codes.AXIS_RANGE, message="tuple index out of range"),
]
