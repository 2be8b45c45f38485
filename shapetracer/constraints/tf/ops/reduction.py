"""Reductions: tf.reduce_* / tf.math.reduce_*, argmax/argmin, top_k, tf.norm, cumsum/cumprod.

Reference: TensorFlow's ReductionShape ("Invalid reduction dimension 2 for input with 2
dimensions."; duplicate axes are fine), ArgOpShape and the ArgMax kernel (from rank 2 on the
shape function refuses an axis out of range: "Dimension (2) must be in the range [-2, 2), where 2
is the number of dimensions in the input."; a rank-0/1 input gets through graph construction and
the kernel refuses it: "Expected dimension in the range [-1, 1), but got 1"), TopKShape ("input
must have last dimension >= k = 11 but is 10").

``axis=None`` reduces every axis; ``keepdims`` keeps reduced axes as 1.  TF1 spellings
(``keep_dims``, ``reduction_indices``, argmax's ``dimension``) are read too.  The axis rules,
shared with numpy's reductions (numpy/reduction), are core/reductions'.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.constraints.core.examples import A, T, bad, ok
from shapetracer.constraints.core.reductions import ALL, arg_reduce, keepdims_flag, read_axes, reduce, tf_axes
from shapetracer.constraints.core.spec import OpContext, Seq, op
from shapetracer.constraints.core import messages


# --- TensorFlow reductions --------------------------------------------------------

def _tf_names(*bases: str) -> list[str]:
    return [f"{prefix}.{base}" for base in bases for prefix in ("tf", "tf.math")]


@op(*_tf_names("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_logsumexp"))
def reduce_numeric(ctx: OpContext, input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None,
                   keep_dims=None):
    chosen = reduction_indices if ctx.is_none(axis) else axis
    return reduce(ctx, input_tensor, chosen, keepdims_flag(ctx, keepdims, keep_dims))


@op(*_tf_names("reduce_any", "reduce_all"))
def reduce_logical(ctx: OpContext, input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None,
                   keep_dims=None):
    chosen = reduction_indices if ctx.is_none(axis) else axis
    return reduce(ctx, input_tensor, chosen, keepdims_flag(ctx, keepdims, keep_dims), dtype="bool")


@op("tf.math.reduce_std", "tf.math.reduce_variance", "tf.math.reduce_euclidean_norm")
def reduce_moment(ctx: OpContext, input_tensor, axis=None, keepdims=False, name=None):
    return reduce(ctx, input_tensor, axis, keepdims_flag(ctx, keepdims))


@op("tf.math.count_nonzero", "tf.count_nonzero")
def count_nonzero(ctx: OpContext, input_tensor=None, axis=None, keepdims=None, dtype=None, name=None,
                  reduction_indices=None, keep_dims=None, input=None):
    source = input if ctx.is_none(input_tensor) else input_tensor
    chosen = reduction_indices if ctx.is_none(axis) else axis
    return reduce(ctx, source, chosen, keepdims_flag(ctx, keepdims, keep_dims), dtype="int64")


@op("tf.argmax", "tf.math.argmax", "tf.argmin", "tf.math.argmin")
def argmax(ctx: OpContext, input, axis=None, name=None, dimension=None, output_type=None):
    return arg_reduce(ctx, input, dimension if ctx.is_none(axis) else axis, numpy=False)


@op("tf.math.top_k", "tf.nn.top_k")
def top_k(ctx: OpContext, input, k=1, sorted=True, index_type=None, name=None):
    """(values, indices), both ``input.shape[:-1] + [k]``."""
    x = ctx.tensor(input)
    if x is None or x.shape.dims is None:
        return Seq([ctx.unknown_tensor(), ctx.unknown_tensor("int32")], "tuple")
    if x.shape.rank < 1:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_least_rank(1, 0), " (input shape: {shape:tf})",
                                              shape=x.shape), [x])
        return Seq([ctx.unknown_tensor(x.dtype), ctx.unknown_tensor("int32")], "tuple")
    count = ctx.dim(k)
    last = x.shape.dims[-1]
    if count is not None:
        if count.known and count.value < 0:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Need k >= 0, got {k}", k=count))
            return Seq([ctx.unknown_tensor(x.dtype), ctx.unknown_tensor("int32")], "tuple")
        if not ctx.require(last.ge(count), codes.SHAPE_REQUIREMENT,
                           ctx.msg("input must have last dimension >= k = {k} but is {dim} (input shape: "
                                   "{shape:tf})", k=count, dim=last, shape=x.shape), [last, count, x]):
            return Seq([ctx.unknown_tensor(x.dtype), ctx.unknown_tensor("int32")], "tuple")
    dims = list(x.shape.dims[:-1]) + [count if count is not None else ctx.fresh()]
    return Seq([ctx.result(dims, x.dtype, label="top-k gives"), ctx.result(dims, "int32", label="top-k gives")],
               "tuple")


@op("tf.norm", "tf.linalg.norm")
def norm(ctx: OpContext, tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None):
    """A vector norm over one axis, a matrix norm over a pair, or the whole tensor for None."""
    axes = read_axes(ctx, axis)
    if isinstance(axes, list) and (len(axes) not in (1, 2) or len(set(axes)) != len(axes)):
        ctx.fail(codes.AXIS_RANGE, ctx.msg("'axis' must be None, an integer, or a tuple of 2 unique integers, got "
                                           "{axes:pylist}", axes=axes))
        return ctx.unknown_tensor()
    return reduce(ctx, tensor, axis, keepdims_flag(ctx, keepdims, keep_dims), label="normed to")


# --- scans: cumulative sums and products keep the shape -----------------------------

@op(*_tf_names("cumsum", "cumprod", "cumulative_logsumexp"))
def cumulative(ctx: OpContext, x, axis=0, exclusive=False, reverse=False, name=None):
    """Same shape; the axis must exist ("axis must be in [-rank, rank)")."""
    value = ctx.tensor(x)
    if value is None or value.shape.dims is None:
        return ctx.unknown_tensor(value.dtype if value is not None else None)
    axes = read_axes(ctx, axis)
    if axes is None or axes == ALL or tf_axes(ctx, axes, value) is None:
        return ctx.unknown_tensor(value.dtype)
    return ctx.same_shape(value)


EXAMPLES = [
    ok("tf.cumsum", T(4, 3), axis=1, expect=[4, 3]),
    bad("tf.math.cumsum", T(4, 3), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("tf.reduce_sum", T(None, 10), 1, expect=[None]),
    ok("tf.reduce_sum", T(None, 10), expect=[]),
    ok("tf.reduce_mean", T(None, 10, 3), axis=[0, 2], keepdims=True, expect=[1, 10, 1]),
    ok("tf.reduce_mean", T(None, 10, 3), axis=[0, 2], keep_dims=True, expect=[1, 10, 1]),
    ok("tf.reduce_max", T(None, 10, 3), reduction_indices=[1], expect=[None, 3]),
    ok("tf.math.reduce_sum", T(None, 10), axis=-1, expect=[None]),
    ok("tf.reduce_sum", T(None, 10, 3), axis=[1, -2], expect=[None, 3]),  # TF allows repeats
    ok("tf.reduce_any", T(None, 10, dtype="bool"), axis=1, expect=[None]),
    ok("tf.reduce_logsumexp", T(None, 10), axis=1, expect=[None]),
    ok("tf.reduce_sum", A(3, 4), axis=1, expect=[3]),
    ok("tf.reduce_sum", T(None, 10, 3), axis=[], expect=[None, 10, 3]),
    bad("tf.reduce_sum", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.reduce_sum", T(None, 10), axis=-3, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension -3 for input with 2 dimensions"),
    bad("tf.reduce_mean", T(None), axis=1, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 1 for input with 1 dimensions"),
    bad("tf.reduce_sum", T(), axis=0, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 0 for input with 0 dimensions"),
    bad("tf.math.reduce_logsumexp", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.reduce_sum", A(3, 4), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("tf.math.reduce_std", T(None, 10), axis=0, expect=[10]),
    ok("tf.math.count_nonzero", T(None, 10), axis=1, expect=[None]),
    bad("tf.math.reduce_variance", T(None, 10), axis=5, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 5 for input with 2 dimensions"),
    ok("tf.argmax", T(None, 10), 1, expect=[None]),
    ok("tf.argmax", T(None, 10), axis=-1, expect=[None]),
    ok("tf.argmax", T(None, 10), dimension=1, expect=[None]),
    ok("tf.argmin", T(None, 10), expect=[10]),
    ok("tf.math.argmax", T(4, 5, 6), 2, expect=[4, 5]),
    bad("tf.argmax", T(None), 1, code=codes.AXIS_RANGE,
        message="Expected dimension in the range [-1, 1), but got 1"),  # pattern 15: graph mode passes, the kernel raises
    bad("tf.argmax", T(None, 10), 2, code=codes.AXIS_RANGE,
        message="Dimension (2) must be in the range [-2, 2), where 2 is the number of"),
    bad("tf.argmin", T(3, 10), -3, code=codes.AXIS_RANGE,
        message="Dimension (-3) must be in the range [-2, 2), where 2 is the number of"),
    ok("tf.nn.top_k", T(None, 10), 5, expect=([None, 5], [None, 5])),
    ok("tf.math.top_k", T(3, None), 4, expect=([3, 4], [3, 4])),
    bad("tf.nn.top_k", T(None, 10), 11, code=codes.SHAPE_REQUIREMENT,
        message="input must have last dimension >= k = 11 but is 10"),
    bad("tf.math.top_k", T(), 1, code=codes.RANK_MISMATCH, message="Shape must be at least rank 1 but is rank 0"),
    ok("tf.norm", T(None, 10), expect=[]),
    ok("tf.norm", T(None, 10), axis=1, keepdims=True, expect=[None, 1]),
    ok("tf.norm", T(None, 10, 3), axis=[1, 2], expect=[None]),
    ok("tf.linalg.norm", T(None, 10), axis=1, keep_dims=True, expect=[None, 1]),
    bad("tf.norm", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.norm", T(None, 10, 3), axis=[1, 1], code=codes.AXIS_RANGE,
        message="'axis' must be None, an integer, or a tuple of 2 unique integers, got"),
    # every other spelling of the families above
    *[ok(name, T(None, 10, 3), axis=1, expect=[None, 3])
      for name in ("tf.reduce_min", "tf.reduce_prod", "tf.math.reduce_min", "tf.math.reduce_prod", "tf.reduce_mean",
                   "tf.math.reduce_mean", "tf.math.reduce_max")],
    *[ok(name, T(None, 10), axis=1, expect=[None, 10])
      for name in ("tf.cumprod", "tf.math.cumprod", "tf.cumulative_logsumexp", "tf.math.cumulative_logsumexp")],
    ok("tf.math.argmin", T(None, 10), 1, expect=[None]),
    ok("tf.reduce_all", T(None, 10, dtype="bool"), expect=[]),
    ok("tf.math.reduce_any", T(None, 10, dtype="bool"), axis=0, keepdims=True, expect=[1, 10]),
    bad("tf.reduce_any", T(None, 10, dtype="bool"), axis=2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    bad("tf.reduce_all", T(None), reduction_indices=[1], code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 1 for input with 1 dimensions"),
    ok("tf.math.reduce_euclidean_norm", T(None, 10), axis=1, keepdims=True, expect=[None, 1]),
    ok("tf.count_nonzero", T(None, 10), expect=[]),
    bad("tf.math.count_nonzero", T(None, 10), axis=3, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 3 for input with 2 dimensions"),
]
