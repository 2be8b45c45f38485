"""Axis manipulation: transpose, squeeze, expand_dims, tile, pad, reverse,
broadcast_to and slice.

References: TensorFlow's Transpose, Squeeze, ExpandDims, Tile, Pad/MirrorPad,
ReverseV2, BroadcastTo and Slice shape functions, plus their kernels where
only the kernel rejects a call (a repeated perm entry, a slice running past
the end, reflect padding wider than the input).  TF 2.21 wording, e.g.
"Dimension must be 3 but is 2" (perm length), "perm dim 3 is out of range of
input rank 3", "Can not squeeze dim[1], expected a dimension of 1, got 3",
"dim 4 not in the interval [-3, 2].", "Shape must be rank 2 but is rank 3"
(tile multiples), "Expected size[1] in [0, 2], but got 3" (slice).
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.common import normalize_axis
from shapetracer.domain.dims import Dim, Shape, bool_and, bool_or
from shapetracer.constraints.core.examples import A, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Tensor
from shapetracer.constraints.core import messages


def _rank_only(ctx: OpContext, rank: int, dtype: str | None, label: str) -> Tensor:
    """A result whose rank is known but none of whose dims are."""
    return ctx.result(Shape(ctx.fresh("d", 0) for _ in range(rank)), dtype, label=label)


# --- transpose -------------------------------------------------------------------

@op("tf.transpose")
def transpose(ctx: OpContext, a, perm=None, name="transpose", conjugate=False):
    x = ctx.tensor(a)
    if x is None:
        return ctx.unknown_tensor()
    if ctx.is_none(perm):
        if x.shape.dims is None:
            return ctx.unknown_tensor(x.dtype)
        return ctx.result(Shape(reversed(x.shape.dims)), x.dtype, label="transposed to")
    order = ctx.int_list(perm)
    if x.shape.dims is None or order is None:
        items = ctx.items(perm)
        if items is not None:
            return _rank_only(ctx, len(items), x.dtype, "transposed to")
        return ctx.unknown_tensor(x.dtype)
    rank = x.shape.rank
    if len(order) != rank:
        ctx.fail(codes.BAD_PERMUTATION, ctx.msg("Dimension must be {rank} but is {perm_length}", rank=rank,
                                                perm_length=len(order)), [x])
        return ctx.unknown_tensor(x.dtype)
    for entry in order:
        if normalize_axis(entry, rank) is None:
            ctx.fail(codes.BAD_PERMUTATION, ctx.msg("perm dim {axis} is out of range of input rank {rank}",
                                                    axis=entry, rank=rank), [x])
            return ctx.unknown_tensor(x.dtype)
    normal = [normalize_axis(entry, rank) for entry in order]
    missing = [axis for axis in range(rank) if axis not in normal]
    if missing:
        # Graph mode builds a repeated entry (the static shape simply follows the perm,
        # [2,4,3] with [2,0,2] gives [3,2,3]); only the kernel refuses it, unless the
        # graph optimizer removed the op first (_folded_to_identity).
        if not _folded_to_identity(ctx, x, normal):
            ctx.fail(codes.BAD_PERMUTATION, ctx.msg("{axis} is missing from {{{perm:csv}}}.", axis=missing[0],
                                                    perm=normal), [x], runtime=True)
            if ctx.failed:
                return ctx.unknown_tensor(x.dtype)
    return ctx.result(Shape(x.shape.dims[p] for p in normal), x.dtype, label="transposed to")


def _folded_to_identity(ctx: OpContext, x: Tensor, perm: list[int]) -> bool:
    """Whether TensorFlow's graph optimizer replaces this transpose by an identity.

    Constant folding (grappler, on by default in a Session; RemoveShuffleOrTranspose)
    replaces a transpose by an identity when every axis either stays in place or has
    static length 1, without checking that the perm is a permutation:
    ``transpose(t_[36,1], [0, 0])`` and ``transpose(t_[1,?], [1, 1])`` run and return ``t``.
    An axis of unknown length may stay in place.
    """
    if not ctx.graph.mode:
        return False
    return all(p == i or (x.shape.dims[i].known and x.shape.dims[i].value == 1) for i, p in enumerate(perm))


@op("tf.linalg.matrix_transpose", "tf.matrix_transpose", "tf.linalg.transpose")
def matrix_transpose(ctx: OpContext, a, name="matrix_transpose", conjugate=False):
    x = ctx.tensor(a)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    if x.shape.rank < 2:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Argument `a` should be a (batch) matrix with rank >= 2.  Received "
                                              "`a` with shape: {shape:tuple}", shape=x.shape), [x])
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    dims[-1], dims[-2] = dims[-2], dims[-1]
    return ctx.result(Shape(dims), x.dtype, label="transposed to")


# --- squeeze / expand_dims ---------------------------------------------------------

@op("tf.squeeze")
def squeeze(ctx: OpContext, input, axis=None, name=None, squeeze_dims=None):
    x = ctx.tensor(input)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    chosen = axis if not ctx.is_none(axis) else squeeze_dims
    dims = x.shape.dims
    if ctx.is_none(chosen):
        if not all(d.known for d in dims):
            return ctx.unknown_tensor(x.dtype)  # TF too: an unknown dim may or may not be 1
        return ctx.result(Shape(d for d in dims if d.value != 1), x.dtype, label="squeezed to")
    axes = ctx.int_list(chosen)
    if axes is None:
        return ctx.unknown_tensor(x.dtype)
    rank = len(dims)
    dropped: set[int] = set()
    for index, entry in enumerate(axes):
        position = normalize_axis(entry, rank)
        if position is None:
            ctx.fail(codes.AXIS_RANGE, ctx.msg("squeeze_dims[{index}] not in [{low},{high}).", index=index, low=-rank,
                                               high=rank), [x])
            return ctx.unknown_tensor(x.dtype)
        message = ctx.msg("Can not squeeze dim[{axis}], expected a dimension of 1, got {dim}", axis=position,
                          dim=dims[position])
        if not ctx.require(dims[position].eq(1), codes.SHAPE_REQUIREMENT, message, [x]):
            return ctx.unknown_tensor(x.dtype)
        dropped.add(position)
    return ctx.result(Shape(d for i, d in enumerate(dims) if i not in dropped), x.dtype, label="squeezed to")


@op("tf.expand_dims")
def expand_dims(ctx: OpContext, input, axis=None, name=None, dim=None):
    x = ctx.tensor(input)
    chosen = ctx.int(axis if not ctx.is_none(axis) else dim)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    rank = x.shape.rank
    if chosen is None:
        return _rank_only(ctx, rank + 1, x.dtype, "expanded to")
    position = normalize_axis(chosen, rank, extra=1)
    if position is None:
        ctx.fail(codes.AXIS_RANGE, ctx.msg("dim {axis} not in the interval [{low}, {high}].", axis=chosen,
                                           low=-rank - 1, high=rank), [x])
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    dims.insert(position, Dim(1, frozenset({ctx.site})))
    return ctx.result(Shape(dims), x.dtype, label="expanded to")


# --- tile / pad / reverse / broadcast_to ---------------------------------------------------

@op("tf.tile")
def tile(ctx: OpContext, input, multiples, name=None):
    x = ctx.tensor(input)
    factors = ctx.shape_arg(multiples)
    dtype = x.dtype if x is not None else None
    if x is None or factors is None:
        return ctx.unknown_tensor(dtype)
    if x.shape.dims is None:
        return _rank_only(ctx, len(factors), dtype, "tiled to")
    if len(factors) != x.shape.rank:
        ctx.fail(codes.ARG_LENGTH, ctx.msg(messages.shape_must_be_rank(x.shape.rank, len(factors))), [x])
        return ctx.unknown_tensor(dtype)
    for index, factor in enumerate(factors):
        if factor is not None and factor.known and factor.value < 0:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Expected multiples[{index}] >= 0, but got {value}",
                                                      index=index, value=factor.value), [x])
            return ctx.unknown_tensor(dtype)
    dims = [d * f if f is not None else ctx.fresh("d", 0) for d, f in zip(x.shape.dims, factors)]
    return ctx.result(Shape(dims), dtype, label="tiled to")


@op("tf.pad")
def pad(ctx: OpContext, tensor, paddings, mode="CONSTANT", name=None, constant_values=0):
    x = ctx.tensor(tensor)
    rows = ctx.items(paddings)
    dtype = x.dtype if x is not None else None
    if x is None or rows is None:
        return ctx.unknown_tensor(dtype)
    pairs = [ctx.items(row) for row in rows]
    for pair in pairs:
        if pair is not None and len(pair) != 2:
            ctx.fail(codes.ARG_LENGTH, ctx.msg("Dimension must be 2 but is {length}", length=len(pair)), [x])
            return ctx.unknown_tensor(dtype)
    if x.shape.dims is None:
        return _rank_only(ctx, len(pairs), dtype, "padded to")
    if len(pairs) != x.shape.rank:
        ctx.fail(codes.ARG_LENGTH, ctx.msg(messages.shape_must_be_rank(len(pairs), x.shape.rank)), [x])
        return ctx.unknown_tensor(dtype)
    style = (ctx.str(mode) or "CONSTANT").upper()
    dims: list[Dim] = []
    for dim, pair in zip(x.shape.dims, pairs):
        amounts = [ctx.dim(v) for v in pair] if pair is not None else [None, None]
        if any(a is None for a in amounts):
            dims.append(ctx.fresh("d", 0))
            continue
        before, after = amounts
        if style in ("REFLECT", "SYMMETRIC") and not _mirror_fits(ctx, x, dim, before, after, style):
            return ctx.unknown_tensor(dtype)
        dims.append(dim + before + after)
    return ctx.result(Shape(dims), dtype, label="padded to")


def _mirror_fits(ctx: OpContext, x: Tensor, dim: Dim, before: Dim, after: Dim, style: str) -> bool:
    """MirrorPad: REFLECT needs both paddings < dim, SYMMETRIC <= dim."""
    if style == "REFLECT":
        cond = bool_and(before.lt(dim), after.lt(dim))
        message = ctx.msg("paddings must be less than the dimension size: {before}, {after} not less than {dim}",
                          before=before, after=after, dim=dim)
    else:
        cond = bool_and(before.le(dim), after.le(dim))
        message = ctx.msg("paddings must be no greater than the dimension size: {before}, {after} greater than {dim}",
                          before=before, after=after, dim=dim)
    return ctx.require(cond, codes.SHAPE_REQUIREMENT, message, [x, before, after])


@op("tf.reverse", "tf.reverse_v2")
def reverse(ctx: OpContext, tensor, axis, name=None):
    x = ctx.tensor(tensor)
    axes = ctx.int_list(axis)
    if x is None or x.shape.dims is None or axes is None:
        return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()
    rank = x.shape.rank
    seen: set[int] = set()
    for index, entry in enumerate(axes):
        position = normalize_axis(entry, rank)
        if position is None:
            # TensorFlow's own text, unbalanced bracket included.
            ctx.fail(codes.AXIS_RANGE, ctx.msg("'axis'[{index}] = {axis} is out of valid range [0, {high}",
                                               index=index, axis=entry, high=rank - 1),
                     [x])
            return ctx.unknown_tensor(x.dtype)
        if position in seen:
            ctx.fail(codes.AXIS_RANGE, ctx.msg("axis {axis} specified more than once.", axis=position), [x])
            return ctx.unknown_tensor(x.dtype)
        seen.add(position)
    return ctx.same_shape(x)


@op("tf.broadcast_to")
def broadcast_to(ctx: OpContext, input, shape, name=None):
    x = ctx.tensor(input)
    target = ctx.shape_arg(shape)
    dtype = x.dtype if x is not None else None
    if target is None:
        return ctx.unknown_tensor(dtype)
    if x is None or x.shape.dims is None:
        return ctx.result(Shape(d if d is not None else ctx.fresh() for d in target), dtype,
                          label="broadcast to")
    rank = x.shape.rank
    if rank > len(target):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_most_rank(len(target), rank)), [x])
        return ctx.unknown_tensor(dtype)
    out: list[Dim] = list(d if d is not None else ctx.fresh() for d in target[:len(target) - rank])
    for dim, want in zip(x.shape.dims, target[len(target) - rank:]):
        if want is None:
            out.append(dim if not (dim.known and dim.value == 1) else ctx.fresh())
            continue
        cond = bool_or(dim.eq(1), dim.eq(want))
        if not ctx.require(cond, codes.BROADCAST, ctx.msg(messages.dims_must_be_equal(dim, want)),
                           [x, want]):
            return ctx.unknown_tensor(dtype)
        out.append(want)
    return ctx.result(Shape(out), dtype, label="broadcast to")


# --- slice ------------------------------------------------------------------------------

@op("tf.slice")
def slice_(ctx: OpContext, input_, begin, size, name=None):
    x = ctx.tensor(input_)
    starts = [ctx.dim(v) for v in ctx.items(begin)] if ctx.items(begin) is not None else None
    sizes = [ctx.dim(v) for v in ctx.items(size)] if ctx.items(size) is not None else None
    dtype = x.dtype if x is not None else None
    if x is None:
        return ctx.unknown_tensor(dtype)
    lengths = [len(v) for v in (starts, sizes) if v is not None]
    if x.shape.dims is None:
        if sizes is not None:
            return ctx.result(Shape(s if s is not None and s.known and s.value >= 0 else ctx.fresh("d", 0)
                                    for s in sizes), dtype, label="sliced to")
        return _rank_only(ctx, lengths[0], dtype, "sliced to") if lengths else ctx.unknown_tensor(dtype)
    rank = x.shape.rank
    for length in lengths:
        if length != rank:
            ctx.fail(codes.ARG_LENGTH, ctx.msg(messages.shape_must_be_rank(length, rank)), [x])
            return ctx.unknown_tensor(dtype)
    starts = starts if starts is not None else [None] * rank
    sizes = sizes if sizes is not None else [None] * rank
    dims: list[Dim] = []
    for index, (dim, start, extent) in enumerate(zip(x.shape.dims, starts, sizes)):
        piece = _slice_axis(ctx, x, index, dim, start, extent)
        if piece is None:
            return ctx.unknown_tensor(dtype)
        dims.append(piece)
    return ctx.result(Shape(dims), dtype, label="sliced to")


def _slice_axis(ctx: OpContext, x: Tensor, index: int, dim: Dim, start: Dim | None,
                extent: Dim | None) -> Dim | None:
    """The length of one sliced axis; None after a failure."""
    if extent is not None and extent.known and extent.value < -1:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Invalid value in tensor used for shape: {value}",
                                                  value=extent.value), [x])
        return None
    if start is None:
        return extent if extent is not None and extent.known and extent.value >= 0 else ctx.fresh("d", 0)
    begin_message = ctx.msg("Expected begin[{index}] in [0, {dim}], but got {begin}", index=index, dim=dim, begin=start)
    if start.known and start.value < 0:
        ctx.fail(codes.INDEX_RANGE, begin_message, [x])
        return None
    if not ctx.require(start.le(dim), codes.INDEX_RANGE, begin_message, [x]):
        return None
    if extent is None:
        return ctx.fresh("d", 0)
    if extent.known and extent.value == -1:
        return dim - start
    room = dim - start
    if not ctx.require(extent.le(room), codes.INDEX_RANGE,
                       ctx.msg("Expected size[{index}] in [0, {room}], but got {size}", index=index, room=room,
                               size=extent), [x]):
        return None
    return extent


EXAMPLES = [
    ok("tf.transpose", T(2, 3, 4), [0, 2, 1], expect=[2, 4, 3]),
    ok("tf.transpose", T(2, 3, 4), expect=[4, 3, 2]),
    ok("tf.transpose", T(None, 28, 28, 3), [0, 3, 1, 2], expect=[None, 3, 28, 28]),
    ok("tf.transpose", T(2, 3, 4), [-1, 0, 1], expect=[4, 2, 3]),
    ok("tf.transpose", T(rank_unknown=True), [1, 0], expect=[None, None]),
    bad("tf.transpose", T(2, 3, 4), [1, 0], code=codes.BAD_PERMUTATION, message="Dimension must be 3 but is 2"),
    bad("tf.transpose", T(2, 3, 4), [1, 0, 3], code=codes.BAD_PERMUTATION,
        message="perm dim 3 is out of range of input rank 3"),
    bad("tf.transpose", T(2, 3, 4), [1, 0, 0], code=codes.BAD_PERMUTATION, message="2 is missing from {1,0,0}"),
    bad("tf.transpose", T(2, 3, 4), [-4, 0, 1], code=codes.BAD_PERMUTATION,
        message="perm dim -4 is out of range of input rank 3"),
    ok("tf.linalg.matrix_transpose", T(5, 2, 3), expect=[5, 3, 2]),
    ok("tf.linalg.transpose", T(None, 2, 3), expect=[None, 3, 2]),
    ok("tf.matrix_transpose", T(4, 4), expect=[4, 4]),
    bad("tf.linalg.matrix_transpose", T(3), code=codes.RANK_MISMATCH, message="Argument `a` should be a"),
    bad("tf.matrix_transpose", T(), code=codes.RANK_MISMATCH, message="Argument `a` should be a"),
    ok("tf.squeeze", T(2, 1, 3), expect=[2, 3]),
    ok("tf.squeeze", T(None, 1), axis=1, expect=[None]),
    ok("tf.squeeze", T(1, None, 1), axis=[0, -1], expect=[None]),
    ok("tf.squeeze", T(None, 10), axis=0, expect=[10]),
    ok("tf.squeeze", T(None, 1), expect=UNKNOWN_SHAPE),
    bad("tf.squeeze", T(2, 3), axis=1, code=codes.SHAPE_REQUIREMENT,
        message="Can not squeeze dim[1], expected a dimension of 1, got 3"),
    bad("tf.squeeze", T(2, 3), axis=-1, code=codes.SHAPE_REQUIREMENT,
        message="Can not squeeze dim[1], expected a dimension of 1, got 3"),
    bad("tf.squeeze", T(2, 1), axis=2, code=codes.AXIS_RANGE, message="squeeze_dims[0] not in [-2,2)"),
    bad("tf.squeeze", T(1, 2, 1), squeeze_dims=[0, 5], code=codes.AXIS_RANGE, message="squeeze_dims[1] not in [-3,3)"),
    ok("tf.expand_dims", T(2, 3), 0, expect=[1, 2, 3]),
    ok("tf.expand_dims", T(None, 3), -1, expect=[None, 3, 1]),
    ok("tf.expand_dims", T(2, 3), -3, expect=[1, 2, 3]),
    ok("tf.expand_dims", T(5), dim=1, expect=[5, 1]),
    bad("tf.expand_dims", T(2, 3), 4, code=codes.AXIS_RANGE, message="dim 4 not in the interval [-3, 2]"),
    bad("tf.expand_dims", T(2, 3), -4, code=codes.AXIS_RANGE, message="dim -4 not in the interval [-3, 2]"),
    ok("tf.tile", T(2, 3), [2, 1], expect=[4, 3]),
    ok("tf.tile", T(None, 10), [2, 3], expect=[None, 30]),
    ok("tf.tile", T(2, 3), T(2, dtype="int32"), expect=[None, None]),
    bad("tf.tile", T(2, 3), [1, 2, 3], code=codes.ARG_LENGTH, message="Shape must be rank 2 but is rank 3"),
    bad("tf.tile", T(2, 3, 4), [1, 2], code=codes.ARG_LENGTH, message="Shape must be rank 3 but is rank 2"),
    bad("tf.tile", T(2, 3), [-1, 2], code=codes.SHAPE_REQUIREMENT, message="Expected multiples[0] >= 0, but got -1"),
    ok("tf.pad", T(2, 3), [[1, 1], [2, 2]], expect=[4, 7]),
    ok("tf.pad", T(None, 28, 28, 1), [[0, 0], [2, 2], [2, 2], [0, 0]], expect=[None, 32, 32, 1]),
    ok("tf.pad", T(2, 3), [[1, 1], [2, 2]], mode="SYMMETRIC", expect=[4, 7]),
    ok("tf.pad", T(4, 3), [[1, 1], [2, 2]], mode="reflect", expect=[6, 7]),
    bad("tf.pad", T(2, 3), [[1, 1]], code=codes.ARG_LENGTH, message="Shape must be rank 1 but is rank 2"),
    bad("tf.pad", T(2, 3), [[1, 1], [1, 1], [0, 0]], code=codes.ARG_LENGTH,
        message="Shape must be rank 3 but is rank 2"),
    bad("tf.pad", T(2, 3), [[1, 1, 1], [1, 1, 1]], code=codes.ARG_LENGTH, message="Dimension must be 2 but is 3"),
    bad("tf.pad", T(2, 3), [[2, 2], [1, 1]], mode="REFLECT", code=codes.SHAPE_REQUIREMENT,
        message="paddings must be less than the dimension size: 2, 2 not less than 2"),
    bad("tf.pad", T(2, 3), [[3, 2], [1, 1]], mode="SYMMETRIC", code=codes.SHAPE_REQUIREMENT,
        message="paddings must be no greater than the dimension size: 3, 2 greater than 2"),
    ok("tf.reverse", T(2, 3), [1], expect=[2, 3]),
    ok("tf.reverse", T(None, 3), [-1], expect=[None, 3]),
    ok("tf.reverse_v2", T(4, None, 3), [0, 2], expect=[4, None, 3]),  # TF 1.x's name
    ok("tf.reverse", T(2, 3), [0, 1], expect=[2, 3]),
    bad("tf.reverse", T(2, 3), [2], code=codes.AXIS_RANGE, message="'axis'[0] = 2 is out of valid range [0, 1"),
    bad("tf.reverse", T(2, 3), [-3], code=codes.AXIS_RANGE, message="'axis'[0] = -3 is out of valid range [0, 1"),
    bad("tf.reverse", T(2, 3), [1, -1], code=codes.AXIS_RANGE, message="axis 1 specified more than once"),
    ok("tf.broadcast_to", T(2, 3), [4, 2, 3], expect=[4, 2, 3]),
    ok("tf.broadcast_to", T(1, 3), [5, 3], expect=[5, 3]),
    ok("tf.broadcast_to", T(None, 10), [5, 10], expect=[5, 10]),
    ok("tf.broadcast_to", A(3), [2, 3], expect=[2, 3]),
    bad("tf.broadcast_to", T(2, 3), [4, 3, 3], code=codes.BROADCAST,
        message="Dimensions must be equal, but are 2 and 3"),
    bad("tf.broadcast_to", T(2, 3), [3], code=codes.RANK_MISMATCH,
        message="Shape must be at most rank 1 but is rank 2"),
    ok("tf.slice", T(2, 3), [0, 1], [2, -1], expect=[2, 2]),
    ok("tf.slice", T(None, 10), [0, 1], [5, -1], expect=[5, 9]),
    ok("tf.slice", T(None, 10), [0, 0], [-1, 4], expect=[None, 4]),
    ok("tf.slice", T(4, 4), [1, 1], [3, 3], expect=[3, 3]),
    bad("tf.slice", T(2, 3), [0], [2], code=codes.ARG_LENGTH, message="Shape must be rank 1 but is rank 2"),
    bad("tf.slice", T(2, 3), [0, 1], [2, 3], code=codes.INDEX_RANGE, message="Expected size[1] in [0, 2], but got 3"),
    bad("tf.slice", T(2, 3), [3, 0], [-1, -1], code=codes.INDEX_RANGE,
        message="Expected begin[0] in [0, 2], but got 3"),
    bad("tf.slice", T(2, 3), [-1, 0], [1, 1], code=codes.INDEX_RANGE,
        message="Expected begin[0] in [0, 2], but got -1"),
]
