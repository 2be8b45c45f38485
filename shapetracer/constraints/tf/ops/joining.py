"""Joining and splitting: tf.concat, tf.stack, tf.unstack, tf.split.

References: TensorFlow's ConcatV2 (ConcatShapeHelper), Pack, Unpack, Split and
SplitV shape functions, and array_ops.stack/unstack in Python, which check the
axis first.  TF 2.21 graph-mode wording:

- concat merges the dims before and after the axis, walking the inputs from
  the last to the first: "Dimension 0 in both shapes must be equal, but are 3
  and 4. Shapes are [3] and [4]." (the shapes are those sub-shapes); ranks:
  "Shape must be rank 2 but is rank 1"; "Can't concatenate scalars (use
  tf.stack instead)"; axis: "Shape must be at least rank 3 but is rank 2";
- stack: "Dimension 1 in both shapes must be equal, but are 3 and 4. Shapes
  are [2,3] and [2,4].", "Shapes must be equal rank, but are 2 and 1",
  "Argument `axis` = 3 not in range [-3, 3)";
- split: "Dimension size must be evenly divisible by 2 but is 9", "can't split
  axis of size 9 into pieces of size [3,4]", "size_splits can only have one -1".

Known elements of small int vectors survive concat/stack, so
``tf.stack([tf.shape(x)[0], 10])`` is still usable as a shape.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.common import MAX_PIECES, merge_shapes, normalize_axis
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.core.spec import OpContext, op, pending_of
from shapetracer.domain.values import UNKNOWN, Seq, Tensor, Value
from shapetracer.constraints.core import messages


# --- concat -----------------------------------------------------------------------

@op("tf.concat")
def concat(ctx: OpContext, values, axis, name="concat"):
    if isinstance(values, Tensor):
        return ctx.same_shape(values)  # a lone tensor is wrapped in a list and returned as is
    items = ctx.items(values)
    if items is None:
        return ctx.unknown_tensor()
    tensors = [ctx.tensor(v) for v in items]
    if len(tensors) == 1:
        # A single value is returned as it is; TF checks nothing, not even the axis.
        return ctx.same_shape(tensors[0]) if tensors[0] is not None else ctx.unknown_tensor()
    known = [t for t in tensors if t is not None and t.shape.dims is not None]
    dtype = known[0].dtype if known else None
    if not known:
        return ctx.unknown_tensor(dtype)
    rank = known[0].shape.rank
    if rank == 0:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Can't concatenate scalars (use {suggestion} instead)",
                                              suggestion="tf.stack"), known)
        return ctx.unknown_tensor(dtype)
    for t in known[1:]:
        if t.shape.rank != rank:
            ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(rank, t.shape.rank)),
                     [known[0], t])
            return ctx.unknown_tensor(dtype)
    where = ctx.int(axis)
    if where is None:
        return ctx.result(Shape(ctx.fresh() for _ in range(rank)), dtype, label="concatenated to")
    position = normalize_axis(where, rank)
    if position is None:
        needed = -where if where < 0 else where + 1
        ctx.fail(codes.AXIS_RANGE, ctx.msg(messages.shape_must_be_at_least_rank(needed, rank)), known)
        return ctx.unknown_tensor(dtype)
    dims = _merge_around_axis(ctx, known, position)
    if dims is None:
        return ctx.unknown_tensor(dtype)
    before, after = dims
    middle = _sum([t.shape.dims[position] for t in known]) if len(known) == len(tensors) else ctx.fresh()
    elements = _joined_elements(tensors) if rank == 1 else None
    return ctx.result(Shape(before + [middle] + after), dtype, label="concatenated to", elements=elements)


def _merge_around_axis(ctx: OpContext, tensors: list[Tensor], axis: int) \
        -> tuple[list[Dim], list[Dim]] | None:
    """Merge the sub-shapes before and after ``axis``, last input first (TF's
    order, which decides the shapes its message quotes)."""
    last = tensors[-1].shape.dims
    before, after = Shape(last[:axis]), Shape(last[axis + 1:])
    for t in reversed(tensors[:-1]):
        dims = t.shape.dims
        before = merge_shapes(ctx, codes.CONCAT_DIM, Shape(dims[:axis]), before, [t, tensors[-1]])
        if before is None:
            return None
        after = merge_shapes(ctx, codes.CONCAT_DIM, Shape(dims[axis + 1:]), after, [t, tensors[-1]])
        if after is None:
            return None
    return list(before.dims), list(after.dims)


def _sum(dims: list[Dim]) -> Dim:
    total = dims[0]
    for dim in dims[1:]:
        total = total + dim
    return total


def _joined_elements(tensors: list[Tensor | None]) -> tuple[Value, ...] | None:
    joined: list[Value] = []
    for t in tensors:
        if t is None or t.elements is None:
            return None
        joined.extend(t.elements)
    return tuple(joined)


# --- stack / unstack -----------------------------------------------------------------

@op("tf.stack")
def stack(ctx: OpContext, values, axis=0, name="stack"):
    items = ctx.items(values) if not isinstance(values, Tensor) else None
    if items is None:
        return ctx.unknown_tensor()
    tensors = [ctx.tensor(v) for v in items]
    known = [t for t in tensors if t is not None and t.shape.dims is not None]
    if not known:
        return ctx.unknown_tensor()
    dtype = known[0].dtype
    where = ctx.int(axis)
    rank = known[0].shape.rank
    if where is None:
        return ctx.result(Shape(ctx.fresh() for _ in range(rank + 1)), dtype, label="stacked to")
    position = normalize_axis(where, rank, extra=1)
    if position is None:
        ctx.fail(codes.AXIS_RANGE, ctx.msg("Argument `axis` = {axis} not in range [{low}, {high})", axis=where,
                                           low=-rank - 1, high=rank + 1),
                 [known[0]])
        return ctx.unknown_tensor(dtype)
    merged = known[0].shape
    for t in known[1:]:
        code = codes.RANK_MISMATCH if t.shape.rank != merged.rank else codes.CONCAT_DIM
        result = merge_shapes(ctx, code, merged, t.shape, [known[0], t])
        if result is None:
            return ctx.unknown_tensor(dtype)
        merged = result
    dims = list(merged.dims)
    dims.insert(position, Dim(len(items), frozenset({ctx.site})))
    elements = None
    if rank == 0 and all(t is not None and t.elements for t in tensors):
        elements = tuple(t.elements[0] for t in tensors)
    result = ctx.result(Shape(dims), dtype, label="stacked to", elements=elements)
    parts = tuple(pending_of([item]) for item in items)
    if ctx.deferred or any(parts):
        result.stacked = (position, parts, tuple(ctx.deferred))
    return result


@op("tf.unstack")
def unstack(ctx: OpContext, value, num=None, axis=0, name="unstack"):
    x = ctx.tensor(value)
    if x is None or x.shape.dims is None:
        return UNKNOWN
    rank = x.shape.rank
    where = ctx.int(axis)
    if where is None:
        return UNKNOWN
    position = normalize_axis(where, rank)
    if position is None:
        ctx.fail(codes.AXIS_RANGE, ctx.msg("Argument `axis` = {axis} not in range [{low}, {high})", axis=where,
                                           low=-rank, high=rank), [x])
        return UNKNOWN
    count = x.shape.dims[position]
    given = ctx.int(num)
    if given is not None and not ctx.require(count.eq(given), codes.SPLIT_UNEVEN,
                                             ctx.msg("Dimension must be {num} but is {size}", num=given,
                                                     size=count), [x]):
        return UNKNOWN
    length = given if given is not None else (count.value if count.known else None)
    if length is None or length > MAX_PIECES:
        # In graph mode TF cannot infer `num` either; eagerly the count is concrete.
        return UNKNOWN
    rest = [d for i, d in enumerate(x.shape.dims) if i != position]
    pieces: list[Value] = []
    for index in range(length):
        element = (x.elements[index],) if x.elements is not None and rank == 1 \
            and index < len(x.elements) else None
        pieces.append(ctx.result(Shape(rest), x.dtype, label="unstacked to", elements=element))
    return Seq(pieces, "list")


# --- split -------------------------------------------------------------------------

@op("tf.split")
def split(ctx: OpContext, value, num_or_size_splits, axis=0, num=None, name="split"):
    x = ctx.tensor(value)
    where = ctx.int(axis)
    if x is None or x.shape.dims is None or where is None:
        return UNKNOWN
    rank = x.shape.rank
    position = normalize_axis(where, rank)
    if position is None:
        ctx.fail(codes.AXIS_RANGE, ctx.msg("Dimension size, given by scalar input {axis} must be in range [{low}, "
                                           "{high})", axis=where, low=-rank, high=rank), [x])
        return UNKNOWN
    length = x.shape.dims[position]
    ways = ctx.int(num_or_size_splits)
    if ways is not None:
        pieces = _even_pieces(ctx, x, length, ways)
    else:
        pieces = _sized_pieces(ctx, x, length, num_or_size_splits, ctx.int(num))
    if pieces is None:
        return UNKNOWN
    outputs: list[Value] = []
    for piece in pieces:
        dims = list(x.shape.dims)
        dims[position] = piece
        outputs.append(ctx.result(Shape(dims), x.dtype, label="split to"))
    return Seq(outputs, "list")


def _even_pieces(ctx: OpContext, x: Tensor, length: Dim, ways: int) -> list[Dim] | None:
    if ways < 1:
        ctx.fail(codes.SPLIT_UNEVEN, ctx.msg("Attr 'num_split' of 'Split' Op passed {ways} less than minimum 1.",
                                             ways=ways))
        return None
    message = ctx.msg(messages.evenly_divisible(ways, length))
    if not ctx.require(length.mod(ways).eq(0), codes.SPLIT_UNEVEN, message, [x, length]):
        return None
    if ways > MAX_PIECES:
        return None
    piece = length.floordiv(ways).with_origins({ctx.site})
    return [piece] * ways


def _sized_pieces(ctx: OpContext, x: Tensor, length: Dim, sizes, num: int | None) -> list[Dim] | None:
    items = ctx.items(sizes)
    if items is None:
        size_tensor = ctx.tensor(sizes)
        count = None
        if size_tensor is not None and size_tensor.shape.rank == 1 and size_tensor.shape.dims[0].known:
            count = size_tensor.shape.dims[0].value
        count = count if count is not None else num
        if count is None or count > MAX_PIECES:
            return None
        return [ctx.fresh("piece", 0) for _ in range(count)]
    values = [ctx.dim(item) for item in items]
    inferred = [i for i, v in enumerate(values) if v is not None and v.known and v.value == -1]
    if len(inferred) > 1:
        ctx.fail(codes.SPLIT_UNEVEN, ctx.msg("size_splits can only have one -1"), [x])
        return None
    if any(v is None for v in values):
        return [v if v is not None and i not in inferred else ctx.fresh("piece", 0)
                for i, v in enumerate(values)]
    given = [v for i, v in enumerate(values) if i not in inferred]
    total = _sum(given) if given else Dim(0)
    if not inferred:
        message = ctx.msg("can't split axis of size {size} into pieces of size {sizes:tf}", size=length,
                          sizes=values)
        if not ctx.require(total.eq(length), codes.SPLIT_UNEVEN, message, [x, length] + given):
            return None
        return values
    rest = length - total
    message = ctx.msg("Split size at index {index} must be >= 0. Got: {size}", index=inferred[0], size=rest)
    if not ctx.require(rest.ge(0), codes.SPLIT_UNEVEN, message, [x, length] + given):
        return None
    values[inferred[0]] = rest.with_origins({ctx.site})
    return values


EXAMPLES = [
    ok("tf.concat", [T(2, 3), T(2, 4)], axis=1, expect=[2, 7]),
    ok("tf.concat", [T(None, 3), T(None, 3)], 0, expect=[None, 3]),
    ok("tf.concat", [T(2, 3), T(2, 4)], -1, expect=[2, 7]),
    ok("tf.concat", [T(None, 10), T(None, 5)], 1, expect=[None, 15]),
    ok("tf.concat", [[0], T(2, dtype="int32")], 0, expect=[3]),
    ok("tf.concat", [T(2, 3)], 5, expect=[2, 3]),
    bad("tf.concat", [T(2, 3), T(2, 4)], axis=0, code=codes.CONCAT_DIM,
        message="Dimension 0 in both shapes must be equal, but are 3 and 4"),
    bad("tf.concat", [T(None, 10), T(2, 4)], 0, code=codes.CONCAT_DIM,
        message="Dimension 0 in both shapes must be equal, but are 10 and 4"),
    bad("tf.concat", [T(2, 3), T(2)], 0, code=codes.RANK_MISMATCH, message="Shape must be rank 2 but is rank 1"),
    bad("tf.concat", [0, T(2, dtype="int32")], 0, code=codes.RANK_MISMATCH, message="Can't concatenate scalars"),
    bad("tf.concat", [T(2, 3), T(2, 3)], 2, code=codes.AXIS_RANGE,
        message="Shape must be at least rank 3 but is rank 2"),
    bad("tf.concat", [T(2, 3), T(2, 3)], -3, code=codes.AXIS_RANGE,
        message="Shape must be at least rank 3 but is rank 2"),
    ok("tf.stack", [T(2, 3), T(2, 3)], expect=[2, 2, 3]),
    ok("tf.stack", [T(None, 3), T(4, 3)], axis=1, expect=[4, 2, 3]),
    ok("tf.stack", [T(2, 3), T(2, 3), T(2, 3)], axis=-1, expect=[2, 3, 3]),
    ok("tf.stack", [T(dtype="int32"), 10], expect=[2]),
    bad("tf.stack", [T(2, 3), T(2, 4)], code=codes.CONCAT_DIM,
        message="Dimension 1 in both shapes must be equal, but are 3 and 4"),
    bad("tf.stack", [T(2, 3), T(2)], code=codes.RANK_MISMATCH, message="Shapes must be equal rank, but are 2 and 1"),
    bad("tf.stack", [T(2, 3), T(2, 3)], axis=3, code=codes.AXIS_RANGE,
        message="Argument `axis` = 3 not in range [-3, 3)"),
    bad("tf.stack", [T(2, 3), T(2, 3)], axis=-4, code=codes.AXIS_RANGE,
        message="Argument `axis` = -4 not in range [-3, 3)"),
    ok("tf.unstack", T(2, 3), expect=([3], [3])),
    ok("tf.unstack", T(None, 10), num=4, expect=([10], [10], [10], [10])),
    ok("tf.unstack", T(2, 3), axis=-1, expect=([2], [2], [2])),
    bad("tf.unstack", T(2, 3), axis=2, code=codes.AXIS_RANGE, message="Argument `axis` = 2 not in range [-2, 2)"),
    bad("tf.unstack", T(2, 3), num=3, code=codes.SPLIT_UNEVEN, message="Dimension must be 3 but is 2"),
    ok("tf.split", T(2, 9), 3, axis=1, expect=([2, 3], [2, 3], [2, 3])),
    ok("tf.split", T(2, 9), [3, -1], axis=1, expect=([2, 3], [2, 6])),
    ok("tf.split", T(None, 10), [3, 7], axis=1, expect=([None, 3], [None, 7])),
    ok("tf.split", T(None, 10), 2, axis=0, expect=([None, 10], [None, 10])),
    bad("tf.split", T(2, 9), 2, axis=1, code=codes.SPLIT_UNEVEN,
        message="Dimension size must be evenly divisible by 2 but is 9"),
    bad("tf.split", T(2, 9), [3, 4], axis=1, code=codes.SPLIT_UNEVEN,
        message="can't split axis of size 9 into pieces of size [3,4]"),
    bad("tf.split", T(2, 9), [10, -1], axis=1, code=codes.SPLIT_UNEVEN, message="Split size at index 1 must be >= 0"),
    bad("tf.split", T(2, 3), [-1, -1], axis=1, code=codes.SPLIT_UNEVEN, message="size_splits can only have one -1"),
    bad("tf.split", T(2, 9), 2, axis=2, code=codes.AXIS_RANGE,
        message="Dimension size, given by scalar input 2 must be in range [-2, 2)"),
    bad("tf.split", T(None, 10), 3, axis=1, code=codes.SPLIT_UNEVEN,
        message="Dimension size must be evenly divisible by 3 but is 10"),
]
