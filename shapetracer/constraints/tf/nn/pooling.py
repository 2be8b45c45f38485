"""Pooling: tf.nn.max_pool/avg_pool (1-D, 2-D, 3-D and rank-dispatching forms) and tf.nn.pool.

Reference: TensorFlow's MaxPoolShape / AvgPoolShape / Pool3DShape (common_shape_fns.cc).  Each
spatial axis is a window like a VALID/SAME convolution (see conv.py): VALID needs ``n >= k``
("Negative dimension size caused by subtracting 2 from 1"), SAME gives ``ceil(n / stride)``.

Ranks, as TF 2.21 checks them: max_pool2d/avg_pool2d need rank 4 ("Shape must be rank 4 but is
rank 3"), the 3d forms rank 5, the 1d forms rank 3 (they expand to rank 4 first).  TF2's
tf.nn.max_pool/avg_pool dispatch on the input rank (3, 4 or 5: "`input.shape.rank` must be 3, 4
or 5").  TF1's op of the same canonical name, ``tf.compat.v1.nn.max_pool`` (``tf.nn.max_pool``
under TensorFlow 1.x), is the 2-D MaxPool/AvgPool: its ksize and strides have 1, 2 or 4 entries
("ksize should be of length 1, 2 or 4"), checked first, and its input rank 4 (verified under
1.15, 2.15 and 2.21).  tf.nn.pool needs rank ``len(window_shape) + 2`` ("Shape (28, 32) must have
rank 4").  A window over the channel axis (depth pooling) divides the depth.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.constraints.tf.nn.conv import (
    FAILED, Layout, Padding, layout_for, per_axis, positive, read_padding, spatial_outputs,
)
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import T, bad, ok
from shapetracer.constraints.core.spec import OpContext, Seq, Tensor, op
from shapetracer.constraints.core import messages
from shapetracer.rules.message import Message


def _depth_window(ctx: OpContext, ksize: Any, layout: Layout) -> int:
    """The window over the channel axis of a full-length ksize (1 when absent or unknown)."""
    ints = ctx.int_list(ksize) if ctx.int(ksize) is None else None
    if ints is None or len(ints) != layout.full:
        return 1
    depth = ints[1] if layout.channels_first else ints[-1]
    return depth if depth >= 1 else 1


def pool(ctx: OpContext, value: Any, ksize: Any, strides: Any, padding: Any, layout: Layout | None,
         lengths: tuple[int, ...], allow_explicit: bool, dilations: Any = None) -> Tensor:
    """Shared body: the input's rank must already fit ``layout``."""
    x = ctx.tensor(value)
    dtype = x.dtype if x is not None else None
    if x is None or x.shape.dims is None or layout is None:
        return ctx.unknown_tensor(dtype)
    window = positive(ctx, per_axis(ctx, ksize, layout, "ksize", lengths), "ksize")
    stride = positive(ctx, per_axis(ctx, strides, layout, "strides", lengths, outer_ok=True), "strides")
    dilation = positive(ctx, per_axis(ctx, dilations, layout, "dilations", lengths), "dilations")
    pad: Padding = read_padding(ctx, padding, layout, allow_explicit)
    if any(v is FAILED for v in (window, stride, dilation, pad)):
        return ctx.unknown_tensor(dtype)
    batch, spatial, depth = layout.split(x.shape.dims)
    if window is None:
        return ctx.result(layout.join(batch, [ctx.fresh() for _ in spatial], depth), dtype, label="pooled to")
    kernel = [Dim(k, frozenset({ctx.site})) for k in window]
    out = spatial_outputs(ctx, spatial, kernel, stride, dilation, pad,
                          Message("input shape: {shape:tf}", shape=x.shape))
    if out is None:
        return ctx.unknown_tensor(dtype)
    k_depth = _depth_window(ctx, ksize, layout)
    if k_depth != 1:
        depth = Dim(depth.value // k_depth, depth.origins | {ctx.site}) \
            if depth.known and depth.value % k_depth == 0 else ctx.fresh()
    return ctx.result(layout.join(batch, out, depth), dtype, label="pooled to")


def _rank_is(ctx: OpContext, value: Any, rank: int, expanded: bool = False) -> bool:
    """Exact-rank ops.  The 1-D forms expand to rank 4 first, so TF reports rank + 1."""
    x = ctx.tensor(value)
    if x is None or x.shape.rank is None or x.shape.rank == rank:
        return True
    shown, actual = (rank + 1, x.shape.rank + 1) if expanded else (rank, x.shape.rank)
    ctx.fail(codes.RANK_MISMATCH, ctx.msg(messages.shape_must_be_rank(shown, actual), " (input shape: {shape:tf})",
                                          shape=x.shape), [x])
    return False


def _source(ctx: OpContext, value: Any, input: Any) -> Any:
    """TF1 names the tensor ``value``, TF2 ``input``."""
    return input if ctx.is_none(value) else value


def _dispatching(ctx: OpContext, value: Any, ksize: Any, strides: Any, padding: Any, data_format: Any,
                 allow_explicit: bool) -> Tensor:
    """TF2's max_pool/avg_pool: rank 3, 4 or 5 picks 1-D, 2-D or 3-D pooling."""
    x = ctx.tensor(value)
    if x is None or x.shape.rank is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    rank = x.shape.rank
    if rank not in (3, 4, 5):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("`input.shape.rank` must be 3, 4 or 5. Received: "
                                              "input.shape={shape:tuple} of rank {rank}.", shape=x.shape, rank=rank),
                 [x])
        return ctx.unknown_tensor(x.dtype)
    n = rank - 2
    return pool(ctx, x, ksize, strides, padding, layout_for(ctx, data_format, n), (1, n, n + 2),
                allow_explicit and n == 2)


def _tf1_op(ctx: OpContext) -> bool:
    """The call reaches TF1's 2-D pooling: spelled through ``tf.compat.v1``, or any TF spelling
    under a TensorFlow 1.x target (a call the program did not spell follows the target)."""
    spelled = ctx.spelled or ""
    if spelled.startswith("tensorflow.compat.v2."):
        return False
    return spelled.startswith("tensorflow.compat.v1.") or ctx.target.tf1


def _pool2d_v1(ctx: OpContext, value: Any, ksize: Any, strides: Any, padding: Any, data_format: Any,
               allow_explicit: bool) -> Tensor:
    layout = layout_for(ctx, data_format, 2)
    if layout is not None:
        for attribute, name in ((ksize, "ksize"), (strides, "strides")):
            if per_axis(ctx, attribute, layout, name, (1, 2, 4), outer_ok=True) is FAILED:
                return ctx.unknown_tensor()
    if not _rank_is(ctx, value, 4):
        return ctx.unknown_tensor()
    return pool(ctx, value, ksize, strides, padding, layout, (1, 2, 4), allow_explicit)


@op("tf.nn.max_pool")
def max_pool(ctx: OpContext, value=None, ksize=None, strides=None, padding=None, data_format=None, name=None,
             input=None):
    if _tf1_op(ctx):
        return _pool2d_v1(ctx, _source(ctx, value, input), ksize, strides, padding, data_format, True)
    return _dispatching(ctx, _source(ctx, value, input), ksize, strides, padding, data_format, True)


@op("tf.nn.avg_pool")
def avg_pool(ctx: OpContext, value=None, ksize=None, strides=None, padding=None, data_format=None, name=None,
             input=None):
    if _tf1_op(ctx):
        return _pool2d_v1(ctx, _source(ctx, value, input), ksize, strides, padding, data_format, False)
    return _dispatching(ctx, _source(ctx, value, input), ksize, strides, padding, data_format, False)


@op("tf.nn.max_pool_v2")
def max_pool_v2(ctx: OpContext, input, ksize, strides, padding, data_format=None, name=None):
    """TF1's name for TF2's rank-dispatching tf.nn.max_pool (``tf.compat.v1.nn.max_pool_v2``)."""
    return _dispatching(ctx, input, ksize, strides, padding, data_format, True)


@op("tf.nn.avg_pool_v2")
def avg_pool_v2(ctx: OpContext, input, ksize, strides, padding, data_format=None, name=None):
    return _dispatching(ctx, input, ksize, strides, padding, data_format, False)


@op("tf.nn.max_pool_with_argmax")
def max_pool_with_argmax(ctx: OpContext, input, ksize, strides, padding, data_format="NHWC", output_dtype=None,
                         include_batch_in_index=False, name=None, Targmax=None):
    """MaxPoolWithArgmax: NHWC rank 4 only; (pooled, argmax), argmax int64 shaped like pooled."""
    if not _rank_is(ctx, input, 4):
        return ctx.unknown_tensor()
    pooled = pool(ctx, input, ksize, strides, padding, layout_for(ctx, None, 2), (1, 2, 4), False)
    return Seq([pooled, Tensor(pooled.shape, "int64", "tensor", pooled.origin)], "tuple")


@op("tf.nn.fractional_max_pool", "tf.nn.fractional_avg_pool")
def fractional_pool(ctx: OpContext, value, pooling_ratio, pseudo_random=False, overlapping=False,
                    deterministic=False, seed=0, seed2=0, name=None):
    """FractionalMaxPool/AvgPool: rank 4 input; (output, row sequence, column sequence)."""
    if not _rank_is(ctx, value, 4):
        return ctx.unknown_tensor()
    x = ctx.tensor(value)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor()
    batch, _, _, depth = x.shape.dims
    output = ctx.result([batch, ctx.fresh(), ctx.fresh(), depth], x.dtype, label="pooled to")
    return Seq([output, ctx.result([ctx.fresh()], "int64"), ctx.result([ctx.fresh()], "int64")], "tuple")


@op("tf.nn.max_pool2d")
def max_pool2d(ctx: OpContext, input, ksize, strides, padding, data_format="NHWC", name=None):
    if not _rank_is(ctx, input, 4):
        return ctx.unknown_tensor()
    return pool(ctx, input, ksize, strides, padding, layout_for(ctx, data_format, 2), (1, 2, 4), True)


@op("tf.nn.avg_pool2d")
def avg_pool2d(ctx: OpContext, input, ksize, strides, padding, data_format="NHWC", name=None):
    if not _rank_is(ctx, input, 4):
        return ctx.unknown_tensor()
    return pool(ctx, input, ksize, strides, padding, layout_for(ctx, data_format, 2), (1, 2, 4), False)


@op("tf.nn.max_pool1d", "tf.nn.avg_pool1d")
def pool1d(ctx: OpContext, input, ksize, strides, padding, data_format="NWC", name=None):
    if not _rank_is(ctx, input, 3, expanded=True):
        return ctx.unknown_tensor()
    return pool(ctx, input, ksize, strides, padding, layout_for(ctx, data_format, 1), (1, 1, 3), False)


@op("tf.nn.max_pool3d", "tf.nn.avg_pool3d")
def pool3d(ctx: OpContext, input, ksize, strides, padding, data_format="NDHWC", name=None):
    if not _rank_is(ctx, input, 5):
        return ctx.unknown_tensor()
    return pool(ctx, input, ksize, strides, padding, layout_for(ctx, data_format, 3), (1, 3, 5), False)


@op("tf.nn.pool")
def nn_pool(ctx: OpContext, input, window_shape, pooling_type=None, strides=None, padding=None, data_format=None,
            dilations=None, name=None, dilation_rate=None):
    """TF2 order (..., strides, padding, data_format, dilations); TF1's was (..., padding,
    dilation_rate, strides, name, data_format): a string in ``strides`` means TF1 positionals."""
    if ctx.str(strides) is not None:
        strides, padding, dilation_rate, data_format, dilations, name = \
            data_format, strides, padding, name, None, None
        if ctx.str(strides) is not None:  # TF1 data_format given by keyword, strides not given
            strides, data_format = None, strides
    window = ctx.int_list(window_shape)
    x = ctx.tensor(input)
    if window is None or x is None or x.shape.rank is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    n = len(window)
    if x.shape.rank != n + 2:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Shape {shape:tuple} must have rank {want_rank}", shape=x.shape,
                                              want_rank=n + 2), [x])
        return ctx.unknown_tensor(x.dtype)
    rate = dilations if ctx.is_none(dilation_rate) else dilation_rate
    return pool(ctx, x, window, strides, "VALID" if ctx.is_none(padding) else padding,
                layout_for(ctx, data_format, n), (1, n), True, rate)


EXAMPLES = [
    ok("tf.nn.max_pool", T(None, 28, 28, 32), [1, 2, 2, 1], [1, 2, 2, 1], "SAME", expect=[None, 14, 14, 32]),
    ok("tf.nn.max_pool", T(None, 7, 7, 32), 2, 2, "VALID", expect=[None, 3, 3, 32]),
    ok("tf.nn.max_pool", value=T(None, 7, 7, 32), ksize=[2, 2], strides=[2, 2], padding="VALID",
       expect=[None, 3, 3, 32]),
    ok("tf.nn.max_pool", T(None, 32, 7, 7), [1, 1, 2, 2], [1, 1, 2, 2], "VALID", data_format="NCHW",
       expect=[None, 32, 3, 3]),
    ok("tf.nn.max_pool", T(2, 28, 32), 2, 2, "VALID", expect=[2, 14, 32]),
    ok("tf.nn.max_pool", T(None, 28, 28, 32), 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]], expect=[None, 15, 15, 32]),
    ok("tf.nn.max_pool", T(None, 7, 7, 32), [1, 1, 1, 2], [1, 1, 1, 2], "VALID", expect=[None, 7, 7, 16]),
    ok("tf.nn.max_pool", T(None, None, None, 32), 2, 2, "VALID", expect=[None, None, None, 32]),
    ok("tf.nn.max_pool", T(None, 2, 2, 32), 5, 1, "SAME", expect=[None, 2, 2, 32]),
    bad("tf.nn.max_pool", T(None, 1, 1, 32), [1, 2, 2, 1], [1, 2, 2, 1], "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.nn.max_pool", T(None, 7, 7, 32), [1, 2, 2], [1, 2, 2, 1], "VALID", code=codes.ARG_LENGTH,
        message="ksize should be of length 1, 2 or 4"),
    bad("tf.nn.max_pool", T(8, 32), 2, 2, "VALID", code=codes.RANK_MISMATCH,
        message="`input.shape.rank` must be 3, 4 or 5"),
    bad("tf.nn.max_pool", T(None, 7, 7, 32), 2, 2, "same", code=codes.SHAPE_REQUIREMENT,
        message='Value for attr \'padding\' of "same" is not in the list of allowed'),
    bad("tf.nn.max_pool", T(None, 7, 7, 32), [1, 0, 0, 1], 1, "VALID", code=codes.SHAPE_REQUIREMENT,
        message="`ksize` cannot be zero"),
    ok("tf.nn.avg_pool", T(None, 28, 28, 32), [1, 3, 3, 1], [1, 2, 2, 1], "VALID", expect=[None, 13, 13, 32]),
    ok("tf.nn.avg_pool", value=T(None, 28, 28, 32), ksize=3, strides=2, padding="SAME", expect=[None, 14, 14, 32]),
    bad("tf.nn.avg_pool", T(None, 2, 28, 32), 3, 2, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    bad("tf.nn.avg_pool", T(2, 3, 4, 5, 6, 7), 3, 2, "VALID", code=codes.RANK_MISMATCH,
        message="`input.shape.rank` must be 3, 4 or 5"),
    ok("tf.nn.max_pool2d", T(None, 28, 28, 32), 2, 2, "SAME", expect=[None, 14, 14, 32]),
    ok("tf.nn.max_pool2d", T(None, 28, 28, 32), 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]], expect=[None, 15, 15, 32]),
    bad("tf.nn.max_pool2d", T(28, 28, 32), 2, 2, "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.max_pool2d", T(None, 1, 28, 32), 2, 2, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    ok("tf.nn.avg_pool2d", T(None, 28, 28, 32), 3, 2, "SAME", expect=[None, 14, 14, 32]),
    bad("tf.nn.avg_pool2d", T(None, 2, 2, 32), 3, 1, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    ok("tf.nn.max_pool1d", T(None, 28, 32), 2, 2, "VALID", expect=[None, 14, 32]),
    ok("tf.nn.avg_pool1d", T(None, 28, 32), 3, 2, "SAME", expect=[None, 14, 32]),
    bad("tf.nn.max_pool1d", T(28, 32), 2, 2, "VALID", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.avg_pool1d", T(None, 2, 32), 3, 1, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    ok("tf.nn.max_pool3d", T(None, 8, 28, 28, 32), 2, 2, "VALID", expect=[None, 4, 14, 14, 32]),
    ok("tf.nn.avg_pool3d", T(None, 8, 28, 28, 32), 3, 2, "SAME", expect=[None, 4, 14, 14, 32]),
    bad("tf.nn.max_pool3d", T(8, 28, 28, 32), 2, 2, "VALID", code=codes.RANK_MISMATCH,
        message="Shape must be rank 5 but is rank 4"),
    bad("tf.nn.max_pool3d", T(None, 1, 28, 28, 32), 2, 2, "VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    ok("tf.nn.pool", T(None, 28, 28, 32), [2, 2], "MAX", strides=[2, 2], padding="VALID", expect=[None, 14, 14, 32]),
    ok("tf.nn.pool", T(None, 28, 28, 32), [3, 3], "AVG", [1, 1], "SAME", expect=[None, 28, 28, 32]),
    ok("tf.nn.pool", T(None, 28, 28, 32), [3, 3], "MAX", "VALID", [2, 2], expect=[None, 24, 24, 32]),  # TF1 order
    ok("tf.nn.pool", T(None, 28, 32), [3], "MAX", padding="VALID", expect=[None, 26, 32]),
    bad("tf.nn.pool", T(None, 2, 28, 32), [3, 3], "AVG", strides=[1, 1], padding="VALID", code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    bad("tf.nn.pool", T(28, 32), [3, 3], "MAX", padding="VALID", code=codes.RANK_MISMATCH,
        message="Shape (28, 32) must have rank 4"),
    ok("tf.nn.avg_pool2d", T(None, 32, 28, 28), [1, 1, 2, 2], [1, 1, 2, 2], "VALID", data_format="NCHW",
       expect=[None, 32, 14, 14]),
    bad("tf.nn.avg_pool2d", T(28, 28, 32), 2, 2, "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    # TensorFlow 1.x's tf.nn.max_pool (tf.compat.v1.nn.max_pool) is the 2-D op
    ok("tf.nn.max_pool", T(None, 28, 28, 32), [1, 2, 2, 1], [1, 2, 2, 1], "SAME", expect=[None, 14, 14, 32],
       target="1.15"),
    bad("tf.nn.max_pool", T(1, 28, 1), [1, 2, 1, 1], [1, 2, 1, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3", target="1.15"),
    bad("tf.nn.max_pool", T(1, 28, 1), [1, 2, 1], [1, 2, 1], "SAME", code=codes.ARG_LENGTH,
        message="ksize should be of length 1, 2 or 4", target="1.15"),
    bad("tf.nn.avg_pool", T(1, 8, 8, 8, 1), [1, 2, 2, 1], [1, 2, 2, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 5", target="1.15"),
    ok("tf.nn.avg_pool", T(None, 8, 8, 3), 2, 2, "VALID", expect=[None, 4, 4, 3], target="1.15"),
    ok("tf.nn.max_pool_v2", T(1, 28, 1), 2, 2, "SAME", expect=[1, 14, 1], target="1.15"),
    ok("tf.nn.avg_pool_v2", T(1, 8, 8, 8, 1), 2, 2, "SAME", expect=[1, 4, 4, 4, 1], target="1.15"),
    bad("tf.nn.max_pool_with_argmax", T(1, 28, 1), [1, 2, 2, 1], [1, 2, 2, 1], "SAME", code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.fractional_max_pool", T(1, 28, 1), [1.0, 1.44, 1.44, 1.0], code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 3"),
    bad("tf.nn.fractional_avg_pool", T(28, 28), [1.0, 1.44, 1.44, 1.0], code=codes.RANK_MISMATCH,
        message="Shape must be rank 4 but is rank 2"),
]
