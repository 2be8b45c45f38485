"""Selecting elements: gather, gather_nd, embedding_lookup, one_hot,
boolean_mask and where.

References: TensorFlow's GatherV2, GatherNd, OneHot, Where, Select and
SelectV2 shape functions, array_ops.boolean_mask and embedding_ops in Python.
TF 2.21 wording, e.g. "Shape must be at least rank 3 but is rank 2" (gather
axis), "indices.shape[-1] must be <= params.rank, but saw indices shape: [4,3]
and params shape: [5,3]", "axis must be >= -1" (one_hot), "Shapes (2,) and
(3,) are incompatible" (boolean_mask); one_hot's "Expected axis to be -1 or between [0, 3).
But received: 3" comes from the kernel, at run time.

Ops whose result length depends on data (boolean_mask, one-argument where)
get a fresh dim that may be 0.  Out-of-range gather indices are not reported:
on GPU TensorFlow writes zeros instead of failing.

``tf.where`` is both TF1's Select (x and y of one shape; a rank-1 condition
picks rows) and TF2's SelectV2 (all three broadcast).  The canonical name
cannot tell them apart, so a call is only an error when both semantics reject
it; ``tf.where_v2`` is checked as SelectV2 alone.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name
from shapetracer.constraints.core.broadcasting import broadcast_dims
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.indexing import mask_tensor
from shapetracer.constraints.core.spec import Deferred, OpContext, op
from shapetracer.constraints.core.spec import _origins_of as _origins
from shapetracer.domain.values import Seq, Tensor
from shapetracer.constraints.core import messages


# --- gather / gather_nd / embedding_lookup ----------------------------------------------

@op("tf.gather")
def gather(ctx: OpContext, params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    source, picks = ctx.tensor(params), ctx.tensor(indices)
    dtype = source.dtype if source is not None else None
    batch = ctx.int(batch_dims)
    where = batch if ctx.is_none(axis) else ctx.int(axis)
    if source is None or picks is None or source.shape.dims is None or picks.shape.dims is None \
            or batch is None or where is None:
        return ctx.unknown_tensor(dtype)
    rank = source.shape.rank
    if not -rank <= where < rank:
        needed = -where if where < 0 else where + 1
        ctx.fail(codes.AXIS_RANGE, ctx.msg(messages.shape_must_be_at_least_rank(needed, rank)), [source])
        return ctx.unknown_tensor(dtype)
    where = where + rank if where < 0 else where
    batch = batch + picks.shape.rank if batch < 0 else batch
    if not 0 <= batch <= min(where, picks.shape.rank):
        return ctx.unknown_tensor(dtype)
    for k in range(batch):
        p, i = source.shape.dims[k], picks.shape.dims[k]
        message = ctx.msg("params.shape[{axis}]: {a} should be equal to indices.shape[{axis}]: {b}", axis=k, a=p, b=i)
        if not ctx.require(p.eq(i), codes.SHAPE_REQUIREMENT, message, [source, picks]):
            return ctx.unknown_tensor(dtype)
    dims = list(source.shape.dims[:where]) + list(picks.shape.dims[batch:]) + list(source.shape.dims[where + 1:])
    return ctx.result(Shape(dims), dtype, label="gathered to", elements=_gathered_elements(ctx, source, picks))


def _gathered_elements(ctx: OpContext, source: Tensor, picks: Tensor):
    """tf.gather(tf.shape(x), 0) keeps the picked dim."""
    if source.elements is None or picks.elements is None or picks.shape.rank != 0:
        return None
    index = ctx.int(picks.elements[0])
    if index is None or not 0 <= index < len(source.elements):
        return None
    return (source.elements[index],)


@op("tf.gather_nd")
def gather_nd(ctx: OpContext, params, indices, name=None, batch_dims=0):
    source, picks = ctx.tensor(params), ctx.tensor(indices)
    dtype = source.dtype if source is not None else None
    batch = ctx.int(batch_dims)
    if source is None or picks is None or source.shape.dims is None or picks.shape.dims is None \
            or batch is None or picks.shape.rank == 0 or not picks.shape.dims[-1].known:
        return ctx.unknown_tensor(dtype)
    depth = picks.shape.dims[-1].value
    if depth > source.shape.rank - batch:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("indices.shape[-1] must be <= params.rank, but saw indices shape: "
                                              "{shape_a:tf} and params shape: {shape_b:tf}",
                                              shape_a=picks.shape, shape_b=source.shape), [source, picks])
        return ctx.unknown_tensor(dtype)
    dims = list(picks.shape.dims[:-1]) + list(source.shape.dims[batch + depth:])
    if not dims and batch == 0 and source.kind == "variable":
        # its gradient scatters a scalar: ScatterNd wants updates of rank >= 1 (raised by minimize)
        message = ctx.msg(messages.shape_must_be_at_least_rank(1, 0), " for 'GatherNd_grad/ScatterNd' (op: "
                          "'ScatterNd') with input shapes: {input_shapes:tfs} (a gradient through a gather_nd of one "
                          "element)", input_shapes=(picks.shape, (), (source.shape.rank,)))
        ctx.deferred.append(Deferred(False, codes.RANK_MISMATCH, message, ctx.site, frozenset(_origins([source])),
                                     at_gradient=True))
    return ctx.result(Shape(dims), dtype, label="gathered to")


@op("tf.nn.embedding_lookup")
def embedding_lookup(ctx: OpContext, params, ids, partition_strategy="mod", name=None, validate_indices=True,
                     max_norm=None):
    """params [V, D] (or a list of shards [V_i, D]) and ids of any shape give ids.shape + [D]."""
    shards = ctx.items(params) if isinstance(params, Seq) else None
    table = ctx.tensor(shards[0]) if shards else ctx.tensor(params)
    keys = ctx.tensor(ids)
    dtype = table.dtype if table is not None else None
    if table is None or keys is None or table.shape.dims is None or keys.shape.dims is None:
        return ctx.unknown_tensor(dtype)
    if table.shape.rank == 0:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_least_rank(1, 0)), [table])
        return ctx.unknown_tensor(dtype)
    dims = list(keys.shape.dims) + list(table.shape.dims[1:])
    return ctx.result(Shape(dims), dtype, label="looked up as")


# --- one_hot ----------------------------------------------------------------------------

@op("tf.one_hot")
def one_hot(ctx: OpContext, indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    picks = ctx.tensor(indices)
    width = ctx.dim(depth)
    out_dtype = dtype_name(dtype, _value_dtype(ctx, on_value, off_value))
    if width is not None and width.known and width.value < 0:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Dimension size, given by scalar input 1, must be non-negative "
                                                  "but is {width}", width=width.value))
        return ctx.unknown_tensor(out_dtype)
    where = -1 if ctx.is_none(axis) else ctx.int(axis)
    if where is not None and where < -1:
        ctx.fail(codes.AXIS_RANGE, ctx.msg("axis must be >= -1"))
        return ctx.unknown_tensor(out_dtype)
    if picks is None or picks.shape.dims is None or where is None:
        return ctx.unknown_tensor(out_dtype)
    rank = picks.shape.rank
    position = rank if where == -1 else where
    if where > rank:
        # Only the kernel checks the upper bound; graph mode builds the op, its static
        # shape putting the depth at axis % (rank + 1) (TF 2.21: [4,2] with axis=3 gives
        # [depth,4,2], axis=4 gives [4,depth,2]).
        ctx.fail(codes.AXIS_RANGE, ctx.msg("Expected axis to be -1 or between [0, {bound}).  But received: {axis}",
                                           bound=rank + 1, axis=where), [picks], runtime=True)
        if ctx.failed:
            return ctx.unknown_tensor(out_dtype)
        position = where % (rank + 1)
    dims = list(picks.shape.dims)
    dims.insert(position, width if width is not None else ctx.fresh("depth"))
    return ctx.result(Shape(dims), out_dtype, label="one-hot encoded to")


def _value_dtype(ctx: OpContext, on_value, off_value) -> str:
    for value in (on_value, off_value):
        t = ctx.tensor(value) if not ctx.is_none(value) else None
        if t is not None and t.dtype:
            return t.dtype
    return "float32"


# --- boolean_mask / where ---------------------------------------------------------------

@op("tf.boolean_mask")
def boolean_mask(ctx: OpContext, tensor, mask, name="boolean_mask", axis=None):
    return mask_tensor(ctx, tensor, mask, axis)


@op("tf.where", "tf.where_v2")
def where(ctx: OpContext, condition, x=None, y=None, name=None):
    cond = ctx.tensor(condition)
    if ctx.is_none(x) and ctx.is_none(y):
        if cond is None or cond.shape.dims is None:
            return ctx.result(Shape([ctx.fresh("selected", 0), ctx.fresh("rank", 0)]), "int64",
                              label="coordinates of shape")
        return ctx.result(Shape([ctx.fresh("selected", 0), Dim(cond.shape.rank)]), "int64",
                          label="coordinates of shape")
    if ctx.is_none(x) or ctx.is_none(y):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("x and y must both be non-None or both be None."))
        return ctx.unknown_tensor()
    left, right = ctx.tensor(x), ctx.tensor(y)
    dtype = (left.dtype if left is not None else None) or (right.dtype if right is not None else None)
    if cond is None or left is None or right is None or None in (cond.shape.rank, left.shape.rank,
                                                                   right.shape.rank):
        return ctx.unknown_tensor(dtype)
    if ctx.api == "tf.where" and _select_may_accept(cond, left, right):
        dims = [a if a.known else b for a, b in zip(left.shape.dims, right.shape.dims)]
        return ctx.result(Shape(dims), dtype, label="selected as")
    first = broadcast_dims(ctx, list(cond.shape.dims), list(left.shape.dims), cond, left)
    if first is None:
        return ctx.unknown_tensor(dtype)
    joined = Tensor(Shape(first), dtype)
    dims = broadcast_dims(ctx, first, list(right.shape.dims), joined, right)
    if dims is None:
        return ctx.unknown_tensor(dtype)
    return ctx.result(Shape(dims), dtype, label="selected as")


def _select_may_accept(cond: Tensor, left: Tensor, right: Tensor) -> bool:
    """TF1 Select: x and y of one shape; cond of that shape, a scalar, or a
    vector as long as x's first axis.  Only known dims that differ reject."""
    if left.shape.rank != right.shape.rank or not _may_equal(left.shape.dims, right.shape.dims):
        return False
    if cond.shape.rank == 0:
        return True
    if cond.shape.rank == left.shape.rank:
        return _may_equal(cond.shape.dims, left.shape.dims)
    return cond.shape.rank == 1 and left.shape.rank >= 1 and _may_equal(cond.shape.dims, left.shape.dims[:1])


def _may_equal(first, second) -> bool:
    return all(not (a.known and b.known and a.value != b.value) for a, b in zip(first, second))


EXAMPLES = [
    ok("tf.gather", T(5, 3), T(4, 2, dtype="int32"), expect=[4, 2, 3]),
    ok("tf.gather", T(5, 3, 7), T(4, dtype="int32"), axis=1, expect=[5, 4, 7]),
    ok("tf.gather", T(5, 3, 7), T(5, 4, dtype="int32"), axis=2, batch_dims=1, expect=[5, 3, 4]),
    ok("tf.gather", T(5, 3), 2, expect=[3]),
    ok("tf.gather", T(None, 10), [0, 2], axis=-1, expect=[None, 2]),
    bad("tf.gather", T(5, 3), T(4, dtype="int32"), axis=2, code=codes.AXIS_RANGE,
        message="Shape must be at least rank 3 but is rank 2"),
    bad("tf.gather", T(5, 3), [0], axis=-3, code=codes.AXIS_RANGE,
        message="Shape must be at least rank 3 but is rank 2"),
    bad("tf.gather", T(5, 3, 7), T(6, 4, dtype="int32"), axis=2, batch_dims=1, code=codes.SHAPE_REQUIREMENT,
        message="params.shape[0]: 5 should be equal to indices.shape[0]: 6"),
    ok("tf.gather_nd", T(5, 3, 7), T(4, 2, dtype="int32"), expect=[4, 7]),
    ok("tf.gather_nd", T(5, 3), T(4, 2, dtype="int32"), expect=[4]),
    ok("tf.gather_nd", T(5, 3, 7), T(5, 4, 1, dtype="int32"), batch_dims=1, expect=[5, 4, 7]),
    ok("tf.gather_nd", T(5, 3), T(4, None, dtype="int32"), expect=UNKNOWN_SHAPE),
    bad("tf.gather_nd", T(5, 3), T(4, 3, dtype="int32"), code=codes.RANK_MISMATCH,
        message="indices.shape[-1] must be <= params.rank, but saw indices shape: [4,3]"),
    bad("tf.gather_nd", T(5, 3, 7), T(5, 4, 3, dtype="int32"), batch_dims=1, code=codes.RANK_MISMATCH,
        message="indices.shape[-1] must be <= params.rank, but saw indices shape"),
    ok("tf.nn.embedding_lookup", T(100, 8), T(4, 5, dtype="int32"), expect=[4, 5, 8]),
    ok("tf.nn.embedding_lookup", T(10000, 128), T(None, None, dtype="int32"), expect=[None, None, 128]),
    ok("tf.nn.embedding_lookup", [T(50, 8), T(50, 8)], T(4, dtype="int32"), expect=[4, 8]),
    ok("tf.nn.embedding_lookup", T(100, 8), 3, expect=[8]),
    ok("tf.nn.embedding_lookup", T(None, 16), T(None, dtype="int32"), expect=[None, 16]),
    bad("tf.nn.embedding_lookup", T(), T(4, dtype="int32"), code=codes.RANK_MISMATCH,
        message="Shape must be at least rank 1 but is rank 0"),
    ok("tf.one_hot", T(4, 2, dtype="int32"), 10, expect=[4, 2, 10]),
    ok("tf.one_hot", T(None, dtype="int32"), 10, expect=[None, 10]),
    ok("tf.one_hot", T(4, 2, dtype="int32"), 10, axis=0, expect=[10, 4, 2]),
    ok("tf.one_hot", T(4, dtype="int32"), T(dtype="int32"), expect=[4, None]),
    bad("tf.one_hot", T(4, 2, dtype="int32"), 10, axis=-2, code=codes.AXIS_RANGE, message="axis must be >= -1"),
    bad("tf.one_hot", T(4, 2, dtype="int32"), 10, axis=3, code=codes.AXIS_RANGE,
        message="Expected axis to be -1 or between [0, 3)"),
    bad("tf.one_hot", [1, 2], -1, code=codes.SHAPE_REQUIREMENT,
        message="Dimension size, given by scalar input 1, must be non-negative but is -1"),
    ok("tf.boolean_mask", T(2, 3), T(2, dtype="bool"), expect=[None, 3]),
    ok("tf.boolean_mask", T(2, 3), T(2, 3, dtype="bool"), expect=[None]),
    ok("tf.boolean_mask", T(2, 3), T(3, dtype="bool"), axis=1, expect=[2, None]),
    ok("tf.boolean_mask", T(None, 10), T(None, dtype="bool"), expect=[None, 10]),
    bad("tf.boolean_mask", T(2, 3), T(3, dtype="bool"), code=codes.SHAPE_REQUIREMENT,
        message="Shapes (2,) and (3,) are incompatible"),
    bad("tf.boolean_mask", T(2, 3), T(2, 3, 1, dtype="bool"), code=codes.RANK_MISMATCH,
        message="Shapes (2, 3) and (2, 3, 1) are incompatible"),
    bad("tf.boolean_mask", T(None, 10), T(None, 3, dtype="bool"), code=codes.SHAPE_REQUIREMENT,
        message="Shapes (?, 10) and (?, 3) are incompatible"),
    bad("tf.boolean_mask", T(2, 3), True, code=codes.RANK_MISMATCH, message="mask cannot be scalar"),
    ok("tf.where", T(2, 3, dtype="bool"), expect=[None, 2]),
    ok("tf.where", T(2, 3, dtype="bool"), T(2, 3), T(2, 3), expect=[2, 3]),
    ok("tf.where", T(2, dtype="bool"), T(2, 3), T(2, 3), expect=[2, 3]),
    ok("tf.where", T(None, 1, dtype="bool"), T(None, 1), 0.0, expect=[None, 1]),
    ok("tf.where_v2", T(3, dtype="bool"), T(2, 3), T(2, 3), expect=[2, 3]),
    bad("tf.where", T(4, dtype="bool"), T(2, 3), T(2, 3), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 4 and 3"),
    bad("tf.where_v2", T(4, dtype="bool"), T(2, 3), T(2, 3), code=codes.BROADCAST,
        message="Dimensions must be equal, but are 4 and 3"),
    bad("tf.where", T(2, dtype="bool"), T(2, 3), code=codes.SHAPE_REQUIREMENT,
        message="x and y must both be non-None or both be None"),
]
