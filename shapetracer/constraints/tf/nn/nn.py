"""Shape-preserving neural-net and math ops: activations, unary math, dropout, normalisations,
bias_add / xw_plus_b, clip_by_value, moments.

Reference: TensorFlow's UnchangedShape ops (Relu, Sigmoid, Exp, ...), BiasAddShape ("Dimensions
must be equal, but are 10 and 5"; the value needs rank >= 2, or >= 3 for NCHW, the bias rank 1),
LRN (rank 4), Softmax (rank >= 1; ``axis`` in ``[-rank, rank)``: "`dim` must be in the range [-2,
2) where 2 is the number of dimensions in the input. Received: dim=2"), and the broadcasting
ops that clip_by_value, batch_normalization and dropout's noise_shape are built from.
clip_by_value must give ``t``'s own shape: its bounds may broadcast into ``t`` but not widen it
("Shapes (10,) and (3, 10) are incompatible").  numpy's unary ufuncs are numpy/elementwise's,
the unary Python operators (``-x``, ``~mask``) core/broadcasting's.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.core.common import normalize_axis
from shapetracer.constraints.core.broadcasting import broadcast_dims
from shapetracer.domain.dims import Shape, bool_or
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.tf.ops.matmul import matmul
from shapetracer.constraints.core.reductions import ALL, keepdims_flag, read_axes, reduced_dims, tf_axes
from shapetracer.constraints.core.spec import SPECS, OpContext, Seq, Tensor, op
from shapetracer.constraints.core import messages

# Unary math that exists as both tf.X and tf.math.X (TF1 or TF2); some only under tf.math.
_BOTH = ("abs negative sqrt rsqrt square exp expm1 log log1p sign round rint floor ceil sin cos tan asin acos "
         "atan sinh cosh tanh asinh acosh atanh sigmoid reciprocal erf erfc lgamma digamma log_sigmoid conj "
         "real imag angle").split()
_MATH_ONLY = "reciprocal_no_nan erfinv ndtri softplus softsign".split()
_PREDICATES = "is_nan is_inf is_finite logical_not".split()
_ACTIVATIONS = "relu relu6 elu selu sigmoid tanh softplus softsign".split()


def _tf_names(bases: list[str], math_only: list[str] = ()) -> list[str]:
    return [f"{p}.{b}" for b in bases for p in ("tf", "tf.math")] + [f"tf.math.{b}" for b in math_only]


def unchanged(ctx: OpContext, x: Any, dtype: str | None = None) -> Tensor:
    """A result shaped exactly like ``x`` (dims keep their origins)."""
    t = ctx.tensor(x)
    if t is None:
        return ctx.unknown_tensor(dtype)
    return ctx.same_shape(t, dtype)


@op(*_tf_names(_BOTH, _MATH_ONLY), *[f"tf.nn.{b}" for b in _ACTIVATIONS])
def unary(ctx: OpContext, x, name=None):
    return unchanged(ctx, x)


@op(*_tf_names(_PREDICATES))
def predicate(ctx: OpContext, x, name=None):
    return unchanged(ctx, x, "bool")


@op("tf.nn.leaky_relu")
def leaky_relu(ctx: OpContext, features, alpha=0.2, name=None):
    return unchanged(ctx, features)


@op("tf.nn.swish", "tf.nn.silu")
def swish(ctx: OpContext, features, beta=1.0, name=None):
    return unchanged(ctx, features)


@op("tf.nn.gelu")
def gelu(ctx: OpContext, features, approximate=False, name=None):
    return unchanged(ctx, features)


@op("tf.nn.crelu")
def crelu(ctx: OpContext, features, name=None, axis=-1):
    """Concatenates relu(x) and relu(-x): the axis doubles."""
    t = ctx.tensor(features)
    where = ctx.int(axis)
    if t is None or t.shape.dims is None or where is None:
        return ctx.unknown_tensor()
    fixed = normalize_axis(where, t.shape.rank)
    if fixed is None:
        return ctx.unknown_tensor(t.dtype)
    dims = list(t.shape.dims)
    dims[fixed] = (dims[fixed] * 2).with_origins([ctx.site])
    return ctx.result(dims, t.dtype, label="concatenated to")


# --- bias, dropout, clipping ------------------------------------------------------

def bias_add_check(ctx: OpContext, v: Tensor, b: Tensor, channels_first: bool) -> bool:
    """BiasAdd's rules; True when the op can succeed."""
    context = Message("input shapes: {input_shapes:tfs}", input_shapes=(v.shape, b.shape))
    least = 3 if channels_first else 2
    if v.shape.rank < least:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_least_rank(least, v.shape.rank), " (", context,
                                              ")"), [v])
        return False
    if b.shape.rank != 1:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(1, b.shape.rank), " (", context, ")"), [b])
        return False
    channels = v.shape.dims[1] if channels_first else v.shape.dims[-1]
    return ctx.require(channels.eq(b.shape.dims[0]), codes.BIAS_MISMATCH,
                       ctx.msg(messages.dims_must_be_equal(channels, b.shape.dims[0]), " (", context, ")"),
                       [channels, b.shape.dims[0], v, b])


@op("tf.nn.bias_add")
def bias_add(ctx: OpContext, value, bias, data_format=None, name=None):
    v, b = ctx.tensor(value), ctx.tensor(bias)
    if v is None or b is None or v.shape.dims is None or b.shape.dims is None:
        return ctx.unknown_tensor(v.dtype if v is not None else None)
    fmt = ctx.str(data_format)
    if fmt is None and not ctx.is_none(data_format):
        return ctx.unknown_tensor(v.dtype)
    channels_first = bool(fmt and fmt.startswith("NC"))
    if not bias_add_check(ctx, v, b, channels_first):
        return ctx.unknown_tensor(v.dtype)
    axis = 1 if channels_first else v.shape.rank - 1
    if v.shape.dims[axis].known or not b.shape.dims[0].known:
        return ctx.same_shape(v)
    # BiasAdd's shape function merges the channel dim with the bias length: [?,?] + [5] is [?,5]
    dims = list(v.shape.dims)
    dims[axis] = b.shape.dims[0]
    return ctx.result(dims, v.dtype)


@op("tf.nn.xw_plus_b")
def xw_plus_b(ctx: OpContext, x, weights, biases, name=None):
    """``matmul(x, weights)`` then ``bias_add``."""
    product = matmul(ctx, x, weights)
    b = ctx.tensor(biases)
    if ctx.failed or not isinstance(product, Tensor) or product.shape.dims is None or b is None \
            or b.shape.dims is None:
        return product if isinstance(product, Tensor) else ctx.unknown_tensor()
    if not bias_add_check(ctx, product, b, False):
        return ctx.unknown_tensor(product.dtype)
    return product


@op("tf.nn.dropout")
def dropout(ctx: OpContext, x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """The mask of shape ``noise_shape`` (None entries taken from ``x``) broadcasts against ``x``."""
    t = ctx.tensor(x)
    if t is None or t.shape.dims is None:
        return ctx.unknown_tensor(t.dtype if t is not None else None)
    noise = ctx.shape_arg(noise_shape) if not ctx.is_none(noise_shape) else None
    if noise is not None:
        x_dims = list(t.shape.dims)
        if len(noise) == len(x_dims):
            noise = [n if n is not None else d for n, d in zip(noise, x_dims)]
        noise_dims = [n if n is not None else ctx.fresh() for n in noise]
        mask = Tensor(Shape(noise_dims), t.dtype)
        if broadcast_dims(ctx, noise_dims, x_dims, mask, t) is None:
            return ctx.unknown_tensor(t.dtype)
    return ctx.same_shape(t)


def _bound_fits(ctx: OpContext, bound: Tensor, t: Tensor) -> bool:
    """A clip bound may broadcast into ``t`` but must not change its shape."""
    if bound.shape.rank > t.shape.rank:
        ctx.fail(codes.BROADCAST, ctx.msg("Shapes {shape_a:tuple} and {shape_b:tuple} are incompatible",
                                          shape_a=t.shape, shape_b=bound.shape), [t, bound])
        return False
    for b, d in zip(reversed(bound.shape.dims), reversed(t.shape.dims)):
        if b.known and b.value == 1 or b.same_as(d):
            continue
        if not ctx.require(bool_or(b.eq(d), b.eq(1)), codes.BROADCAST,
                           ctx.msg(messages.dims_must_be_equal(d, b), " (input shapes: {shape_a:tf}, {shape_b:tf})",
                                   shape_a=t.shape, shape_b=bound.shape), [b, d, t, bound]):
            return False
    return True


@op("tf.clip_by_value")
def clip_by_value(ctx: OpContext, t, clip_value_min, clip_value_max, name=None):
    x = ctx.tensor(t)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    for value in (clip_value_min, clip_value_max):
        bound = ctx.tensor(value)
        if bound is not None and bound.shape.dims is not None and not _bound_fits(ctx, bound, x):
            return ctx.unknown_tensor(x.dtype)
    return ctx.same_shape(x)


# --- normalisation ------------------------------------------------------------------

def _axis_in_range(ctx: OpContext, t: Tensor, axis: Any) -> bool:
    """Softmax's axis rule (TF words it with ``dim``)."""
    where = ctx.int(axis)
    rank = t.shape.rank
    if where is None or normalize_axis(where, rank) is not None:
        return True
    ctx.fail(codes.AXIS_RANGE, ctx.msg("`dim` must be in the range [{low}, {high}) where {rank} is the number of "
                                       "dimensions in the input. Received: dim={axis}", low=-rank, high=rank, rank=rank,
                                       axis=where), [t])
    return False


@op("tf.nn.softmax", "tf.nn.log_softmax", "tf.math.softmax", "tf.math.log_softmax")
def softmax(ctx: OpContext, logits, axis=None, name=None, dim=None):
    t = ctx.tensor(logits)
    if t is None or t.shape.dims is None:
        return ctx.unknown_tensor(t.dtype if t is not None else None)
    if t.shape.rank < 1:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_at_least_rank(1, 0), " (input shape: [])"), [t])
        return ctx.unknown_tensor(t.dtype)
    chosen = dim if ctx.is_none(axis) else axis
    if not ctx.is_none(chosen) and not _axis_in_range(ctx, t, chosen):
        return ctx.unknown_tensor(t.dtype)
    return ctx.same_shape(t)


@op("tf.nn.l2_normalize", "tf.math.l2_normalize", "tf.linalg.l2_normalize")
def l2_normalize(ctx: OpContext, x, axis=None, epsilon=1e-12, name=None, dim=None):
    """Divides by a norm reduced over ``axis``; a bad axis fails like a reduction."""
    t = ctx.tensor(x)
    if t is None or t.shape.dims is None:
        return ctx.unknown_tensor(t.dtype if t is not None else None)
    axes = read_axes(ctx, dim if ctx.is_none(axis) else axis)
    if isinstance(axes, list) and tf_axes(ctx, axes, t) is None:
        return ctx.unknown_tensor(t.dtype)
    return ctx.same_shape(t)


@op("tf.nn.local_response_normalization", "tf.nn.lrn")
def local_response_normalization(ctx: OpContext, input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):
    t = ctx.tensor(input)
    if t is None or t.shape.dims is None:
        return ctx.unknown_tensor(t.dtype if t is not None else None)
    if t.shape.rank != 4:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(4, t.shape.rank),
                                              " (input shape: {shape:tf})", shape=t.shape), [t])
        return ctx.unknown_tensor(t.dtype)
    return ctx.same_shape(t)


@op("tf.nn.batch_normalization")
def batch_normalization(ctx: OpContext, x, mean, variance, offset, scale, variance_epsilon, name=None):
    """``(x - mean) * scale / sqrt(variance + eps) + offset``: everything broadcasts."""
    t = ctx.tensor(x)
    if t is None or t.shape.dims is None:
        return ctx.unknown_tensor(t.dtype if t is not None else None)
    dims = list(t.shape.dims)
    current = t
    for value in (mean, variance, offset, scale):
        if ctx.is_none(value):
            continue
        other = ctx.tensor(value)
        if other is None or other.shape.dims is None:
            return ctx.unknown_tensor(t.dtype)
        dims = broadcast_dims(ctx, dims, list(other.shape.dims), current, other)
        if dims is None:
            return ctx.unknown_tensor(t.dtype)
        current = Tensor(Shape(dims), t.dtype)
    if len(dims) == t.shape.rank and all(a is b for a, b in zip(dims, t.shape.dims)):
        return ctx.same_shape(t)
    return ctx.result(dims, t.dtype, label="normalized to")


@op("tf.nn.moments")
def moments(ctx: OpContext, x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    """(mean, variance) reduced over ``axes``.  TF2's 4th positional is ``keepdims``, TF1's ``name``."""
    if ctx.str(name) is None and not ctx.is_none(name) and ctx.is_none(keepdims):
        keepdims = name
    t = ctx.tensor(x)
    unknown = Seq([ctx.unknown_tensor(), ctx.unknown_tensor()], "tuple")
    if t is None or t.shape.dims is None:
        return unknown
    chosen = read_axes(ctx, axes)
    keep = keepdims_flag(ctx, keepdims, keep_dims)
    if chosen is None or keep is None:
        return unknown
    if chosen != ALL:
        chosen = tf_axes(ctx, chosen, t)
        if chosen is None:
            return unknown
    dims = reduced_dims(ctx, t.shape.dims, chosen, keep)
    return Seq([ctx.result(dims, t.dtype, label="mean over axes gives"),
                ctx.result(dims, t.dtype, label="variance over axes gives")], "tuple")


EXAMPLES = [
    ok("tf.nn.relu", T(None, 10), expect=[None, 10]),
    ok("tf.nn.relu6", T(None, 10), expect=[None, 10]),
    ok("tf.nn.elu", T(4, None, 3), expect=[4, None, 3]),
    ok("tf.nn.leaky_relu", T(None, 10), alpha=0.1, expect=[None, 10]),
    ok("tf.nn.gelu", T(None, 10), approximate=True, expect=[None, 10]),
    ok("tf.nn.swish", T(None, 10), expect=[None, 10]),
    ok("tf.nn.crelu", T(None, 10), expect=[None, 20]),
    ok("tf.sigmoid", T(None, 10), expect=[None, 10]),
    ok("tf.math.log", T(3), expect=[3]),
    ok("tf.abs", 3, expect=[]),
    ok("tf.math.is_nan", T(None, 2), expect=[None, 2]),
    # every elementwise function keeps its argument's shape
    *[ok(name, T(None, 4, 3), expect=[None, 4, 3])
      for name in SPECS["tf.sigmoid"].names + SPECS["tf.math.is_nan"].names],
    ok("tf.nn.bias_add", T(None, 10), T(10), expect=[None, 10]),
    ok("tf.nn.bias_add", T(None, 4, 4, 10), T(10), expect=[None, 4, 4, 10]),
    ok("tf.nn.bias_add", T(None, 10, 4, 4), T(10), data_format="NCHW", expect=[None, 10, 4, 4]),
    ok("tf.nn.bias_add", T(None, None), T(5), expect=[None, 5]),
    ok("tf.nn.bias_add", T(None, None, 4, 4), T(5), data_format="NCHW", expect=[None, 5, 4, 4]),
    bad("tf.nn.bias_add", T(None, 10), T(5), code=codes.BIAS_MISMATCH,
        message="Dimensions must be equal, but are 10 and 5"),  # pattern 29
    bad("tf.nn.bias_add", T(None, 10, 4, 4), T(4), data_format="NCHW", code=codes.BIAS_MISMATCH,
        message="Dimensions must be equal, but are 10 and 4"),
    bad("tf.nn.bias_add", T(10), T(10), code=codes.RANK_MISMATCH,
        message="Shape must be at least rank 2 but is rank 1"),
    bad("tf.nn.bias_add", T(None, 10), T(1, 10), code=codes.RANK_MISMATCH,
        message="Shape must be rank 1 but is rank 2"),
    ok("tf.nn.xw_plus_b", T(None, 784), T(784, 10), T(10), expect=[None, 10]),
    bad("tf.nn.xw_plus_b", T(None, 784), T(784, 10), T(5), code=codes.BIAS_MISMATCH,
        message="Dimensions must be equal, but are 10 and 5"),
    bad("tf.nn.xw_plus_b", T(None, 784), T(78, 10), T(10), code=codes.MATMUL_DIM,
        message="Dimensions must be equal, but are 784 and 78"),
    ok("tf.nn.dropout", T(None, 10), keep_prob=0.5, expect=[None, 10]),
    ok("tf.nn.dropout", T(None, 10), rate=0.5, noise_shape=[1, 10], expect=[None, 10]),
    ok("tf.nn.dropout", T(32, 10), 0.5, [None, 1], expect=[32, 10]),
    bad("tf.nn.dropout", T(32, 10), rate=0.5, noise_shape=[32, 5], code=codes.BROADCAST,
        message="Dimensions must be equal, but are 5 and 10"),
    ok("tf.clip_by_value", T(None, 10), 0.0, 1.0, expect=[None, 10]),
    ok("tf.clip_by_value", T(None, 10), T(10), T(None, 10), expect=[None, 10]),
    bad("tf.clip_by_value", T(None, 10), T(5), 1.0, code=codes.BROADCAST,
        message="Dimensions must be equal, but are 10 and 5"),
    bad("tf.clip_by_value", T(10), T(3, 10), 1.0, code=codes.BROADCAST,
        message="Shapes (10,) and (3, 10) are incompatible"),
    ok("tf.nn.softmax", T(None, 10), expect=[None, 10]),
    ok("tf.nn.softmax", T(None, 10), dim=0, expect=[None, 10]),
    ok("tf.nn.log_softmax", T(None, 10), axis=-2, expect=[None, 10]),
    bad("tf.nn.softmax", T(None, 10), axis=2, code=codes.AXIS_RANGE,
        message="`dim` must be in the range [-2, 2) where 2 is the number of dimensions"),
    bad("tf.nn.log_softmax", T(None, 10), axis=-3, code=codes.AXIS_RANGE,
        message="`dim` must be in the range [-2, 2) where 2 is the number of dimensions"),
    bad("tf.nn.softmax", T(), code=codes.RANK_MISMATCH, message="Shape must be at least rank 1 but is rank 0"),
    ok("tf.nn.l2_normalize", T(None, 10), 1, expect=[None, 10]),
    ok("tf.nn.l2_normalize", T(None, 10), dim=[0, 1], expect=[None, 10]),
    bad("tf.nn.l2_normalize", T(None, 10), 2, code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("tf.nn.lrn", T(None, 28, 28, 10), expect=[None, 28, 28, 10]),
    ok("tf.nn.local_response_normalization", T(None, 28, 28, 10), 2, expect=[None, 28, 28, 10]),
    bad("tf.nn.lrn", T(None, 10), code=codes.RANK_MISMATCH, message="Shape must be rank 4 but is rank 2"),
    ok("tf.nn.batch_normalization", T(None, 10), T(10), T(10), T(10), T(10), 1e-3, expect=[None, 10]),
    ok("tf.nn.batch_normalization", T(None, 10), T(10), T(10), None, None, 1e-3, expect=[None, 10]),
    bad("tf.nn.batch_normalization", T(None, 10), T(5), T(10), None, None, 1e-3, code=codes.BROADCAST,
        message="Dimensions must be equal, but are 10 and 5"),
    ok("tf.nn.moments", T(None, 10), [0], expect=([10], [10])),
    ok("tf.nn.moments", T(None, 28, 28, 10), [0, 1, 2], keep_dims=True, expect=([1, 1, 1, 10], [1, 1, 1, 10])),
    ok("tf.nn.moments", T(None, 28, 28, 10), [0, 1, 2], None, True, expect=([1, 1, 1, 10], [1, 1, 1, 10])),
    bad("tf.nn.moments", T(None, 10), [2], code=codes.AXIS_RANGE,
        message="Invalid reduction dimension 2 for input with 2 dimensions"),
    ok("tf.nn.leaky_relu", T(4), expect=[4]),
    ok("tf.nn.leaky_relu", [1.0, -2.0], 0.3, expect=[2]),
    ok("tf.nn.gelu", T(2, 3), expect=[2, 3]),
    ok("tf.nn.silu", T(None, 10), beta=2.0, expect=[None, 10]),
    ok("tf.nn.crelu", T(None, 10, 3), axis=1, expect=[None, 20, 3]),
    ok("tf.nn.crelu", T(4, 5), axis=0, expect=[8, 5]),
    ok("tf.math.is_finite", T(3, 3), expect=[3, 3]),
    ok("tf.logical_not", T(None, dtype="bool"), expect=[None]),
    ok("tf.nn.xw_plus_b", T(2, None, 784), T(784, 10), T(10), expect=[2, None, 10]),
    ok("tf.nn.l2_normalize", T(None, 10), axis=-1, expect=[None, 10]),
    ok("tf.nn.lrn", T(None, 28, 28, 10), depth_radius=3, expect=[None, 28, 28, 10]),
    bad("tf.nn.local_response_normalization", T(2, 28, 28, 10, 1), code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 5"),
    bad("tf.nn.batch_normalization", T(None, 4, 4, 10), T(10), T(10), T(3), None, 1e-3, code=codes.BROADCAST,
        message="Dimensions must be equal, but are 10 and 3"),
    ok("tf.nn.batch_normalization", T(None, 4, 4, 10), T(10), T(10), T(10), T(10), 1e-3, expect=[None, 4, 4, 10]),
]
