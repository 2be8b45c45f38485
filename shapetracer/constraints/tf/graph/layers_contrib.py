"""TF1 ``tf.contrib.layers.*`` (and its re-export ``tf.contrib.slim.*``).

tf.contrib is gone from TF 2.x; this models its documented TF 1.15 behaviour.
Each function wraps the same core layers as ``tf.layers`` (see
``layers_v1``), with TF1 spellings of the arguments: ``num_outputs``,
``stride``, ``rate``, upper-case ``padding`` defaulting to 'SAME' for
convolutions, and ``data_format`` as 'NHWC'/'NCHW'.  Its own checks:
``convolution2d`` wants rank exactly 4 ("Convolution expects input with rank 4,
got 3"); pooling and batch_norm accept only 'NHWC'/'NCHW' ("data_format has to
be either NCHW or NHWC.").
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules import codes
from shapetracer.constraints.core.examples import P, T, bad, ok
from shapetracer.constraints.tf.graph.layers_v1 import (
    batch_norm_layer, conv_layer, conv_transpose_layer, dense_layer, flatten_layer, ntuple, pool_layer,
    read_padding,
)
from shapetracer.constraints.core.spec import OpContext, Tensor, op

_CONV_FORMATS = (None, "NWC", "NCW", "NHWC", "NCHW", "NDHWC", "NCDHW")


def _names(*short: str) -> list[str]:
    return [f"{prefix}.{name}" for name in short for prefix in ("tf.contrib.layers", "tf.contrib.slim")]


def _channels_first(ctx: OpContext, data_format: Any, allowed: tuple[str | None, ...]) -> bool | None:
    """'NC…' formats are channels-first; None when unknown or rejected (reported)."""
    if ctx.is_none(data_format):
        text = None
    else:
        text = ctx.str(data_format)
        if text is None:
            return None
    if text not in allowed:
        if None in allowed:
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Invalid data_format: {data_format!r}", data_format=text))
        else:
            accepted = " or ".join(a for a in allowed if a)
            ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("data_format has to be either " + accepted + "."))
        return None
    return bool(text) and text.startswith("NC")


def _convolution(ctx: OpContext, inputs, num_outputs, kernel_size, stride, padding, data_format, rate,
                 conv_dims: int | None) -> Tensor:
    channels_first = _channels_first(ctx, data_format, _CONV_FORMATS)
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None or channels_first is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    rank = x.shape.rank
    if conv_dims is not None and rank != conv_dims + 2:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Convolution expects input with rank {want_rank}, got {rank}",
                                              want_rank=conv_dims + 2, rank=rank), [x])
        return ctx.unknown_tensor(x.dtype)
    if rank not in (3, 4, 5):
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Convolution not supported for input with rank {rank}", rank=rank), [x])
        return ctx.unknown_tensor(x.dtype)
    n = rank - 2
    kernel = ntuple(ctx, kernel_size, n, "kernel_size")
    strides = ntuple(ctx, stride, n, "strides")
    dilation = ntuple(ctx, rate, n, "dilation_rate")
    pad = read_padding(ctx, padding, causal_ok=(n == 1))
    return conv_layer(ctx, x, n, num_outputs, kernel, strides, pad, channels_first, dilation, "Conv")


@op(*_names("fully_connected"))
def fully_connected(ctx: OpContext, inputs, num_outputs, activation_fn=None, normalizer_fn=None,
                    normalizer_params=None, weights_initializer=None, weights_regularizer=None,
                    biases_initializer=None, biases_regularizer=None, reuse=None, variables_collections=None,
                    outputs_collections=None, trainable=True, scope=None):
    return dense_layer(ctx, inputs, num_outputs, layer="fully_connected")


@op(*_names("convolution"))
def convolution(ctx: OpContext, inputs, num_outputs, kernel_size, stride=1, padding="SAME", data_format=None,
                rate=1, activation_fn=None, normalizer_fn=None, normalizer_params=None, weights_initializer=None,
                weights_regularizer=None, biases_initializer=None, biases_regularizer=None, reuse=None,
                variables_collections=None, outputs_collections=None, trainable=True, scope=None,
                conv_dims=None):
    return _convolution(ctx, inputs, num_outputs, kernel_size, stride, padding, data_format, rate,
                        ctx.int(conv_dims))


def _fixed_rank_conv(n: int):
    """convolution1d/2d/3d: ``convolution`` with ``conv_dims`` fixed."""

    def spec(ctx: OpContext, inputs, num_outputs, kernel_size, stride=1, padding="SAME", data_format=None,
             rate=1, activation_fn=None, normalizer_fn=None, normalizer_params=None, weights_initializer=None,
             weights_regularizer=None, biases_initializer=None, biases_regularizer=None, reuse=None,
             variables_collections=None, outputs_collections=None, trainable=True, scope=None):
        return _convolution(ctx, inputs, num_outputs, kernel_size, stride, padding, data_format, rate, n)

    spec.__name__ = f"convolution{n}d"
    spec.__module__ = __name__
    return spec


convolution1d = op(*_names("conv1d", "convolution1d"))(_fixed_rank_conv(1))
convolution2d = op(*_names("conv2d", "convolution2d"))(_fixed_rank_conv(2))
convolution3d = op(*_names("conv3d", "convolution3d"))(_fixed_rank_conv(3))


@op(*_names("conv2d_transpose", "convolution2d_transpose"))
def convolution2d_transpose(ctx: OpContext, inputs, num_outputs, kernel_size, stride=1, padding="SAME",
                            data_format="NHWC", activation_fn=None, normalizer_fn=None, normalizer_params=None,
                            weights_initializer=None, weights_regularizer=None, biases_initializer=None,
                            biases_regularizer=None, reuse=None, variables_collections=None,
                            outputs_collections=None, trainable=True, scope=None):
    channels_first = _channels_first(ctx, data_format, ("NCHW", "NHWC"))
    kernel = ntuple(ctx, kernel_size, 2, "kernel_size")
    strides = ntuple(ctx, stride, 2, "strides")
    pad = read_padding(ctx, padding)
    return conv_transpose_layer(ctx, inputs, num_outputs, kernel, strides, pad, channels_first,
                                layer="Conv2d_transpose")


@op(*_names("max_pool2d"))
def max_pool2d(ctx: OpContext, inputs, kernel_size, stride=2, padding="VALID", data_format="NHWC",
               outputs_collections=None, scope=None):
    channels_first = _channels_first(ctx, data_format, ("NCHW", "NHWC"))
    return pool_layer(ctx, inputs, 2, kernel_size, stride, padding, channels_first, "MaxPool2D")


@op(*_names("avg_pool2d"))
def avg_pool2d(ctx: OpContext, inputs, kernel_size, stride=2, padding="VALID", data_format="NHWC",
               outputs_collections=None, scope=None):
    channels_first = _channels_first(ctx, data_format, ("NCHW", "NHWC"))
    return pool_layer(ctx, inputs, 2, kernel_size, stride, padding, channels_first, "AvgPool2D")


@op(*_names("flatten"))
def flatten(ctx: OpContext, inputs, outputs_collections=None, scope=None):
    return flatten_layer(ctx, inputs, layer="Flatten")


@op(*_names("dropout"))
def dropout(ctx: OpContext, inputs, keep_prob=0.5, noise_shape=None, is_training=True, outputs_collections=None,
            scope=None, seed=None):
    x = ctx.tensor(inputs)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


@op(*_names("batch_norm"))
def batch_norm(ctx: OpContext, inputs, decay=0.999, center=True, scale=False, epsilon=0.001, activation_fn=None,
               param_initializers=None, param_regularizers=None, updates_collections=None, is_training=True,
               reuse=None, variables_collections=None, outputs_collections=None, trainable=True,
               batch_weights=None, fused=None, data_format="NHWC", zero_debias_moving_mean=False, scope=None,
               renorm=False, renorm_clipping=None, renorm_decay=0.99, adjustment=None):
    """The channel axis (last, or 1 for NCHW) must be statically known."""
    channels_first = _channels_first(ctx, data_format, ("NCHW", "NHWC"))
    if channels_first is None:
        x = ctx.tensor(inputs)
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    return batch_norm_layer(ctx, inputs, 1 if channels_first else -1)


EXAMPLES = [
    ok("tf.contrib.layers.fully_connected", T(None, 3136), 1024, expect=[None, 1024]),
    ok("tf.contrib.slim.fully_connected", T(None, 4, 5), 7, expect=[None, 4, 7]),
    bad("tf.contrib.layers.fully_connected", P(None, None), 10, code=codes.UNDEFINED_DIM,
        message="The last dimension of the inputs to a Dense layer should be defined"),
    bad("tf.contrib.layers.fully_connected", T(10), 10, code=codes.KERAS_INPUT,
        message="expected min_ndim=2, found ndim=1"),
    ok("tf.contrib.layers.conv2d", T(None, 28, 28, 1), 32, 5, expect=[None, 28, 28, 32]),
    ok("tf.contrib.layers.conv2d", T(None, 28, 28, 1), 32, [5, 5], padding="VALID", expect=[None, 24, 24, 32]),
    ok("tf.contrib.slim.conv2d", T(None, 28, 28, 1), 32, 3, stride=2, expect=[None, 14, 14, 32]),
    ok("tf.contrib.layers.conv2d", T(None, 3, 28, 28), 8, 3, padding="VALID", data_format="NCHW",
       expect=[None, 8, 26, 26]),
    ok("tf.contrib.layers.convolution", T(None, 100, 8), 16, 3, padding="VALID", expect=[None, 98, 16]),
    ok("tf.contrib.layers.convolution", T(None, 9, 9, 9, 1), 4, 3, expect=[None, 9, 9, 9, 4]),
    bad("tf.contrib.layers.convolution", T(1, 2, 3, 4, 5, 6), 4, 3, code=codes.RANK_MISMATCH,
        message="Convolution not supported for input with rank 6"),
    bad("tf.contrib.layers.convolution", T(None, 28, 28, 1), 4, 3, conv_dims=3, code=codes.RANK_MISMATCH,
        message="Convolution expects input with rank 5, got 4"),
    ok("tf.contrib.layers.conv1d", T(None, 100, 8), 16, 3, stride=2, expect=[None, 50, 16]),
    bad("tf.contrib.layers.conv1d", T(None, 28, 28, 8), 16, 3, code=codes.RANK_MISMATCH,
        message="Convolution expects input with rank 3, got 4"),
    ok("tf.contrib.slim.conv3d", T(None, 9, 9, 9, 1), 4, 3, padding="VALID", expect=[None, 7, 7, 7, 4]),
    # the long names are the same layers
    *[ok(f"tf.contrib.{module}.convolution{n}d", T(None, *[9] * n, 2), 4, 3, padding="VALID",
         expect=[None, *[7] * n, 4]) for module in ("layers", "slim") for n in (1, 2, 3)],
    *[ok(f"tf.contrib.{module}.convolution2d_transpose", T(None, 7, 7, 8), 4, 3, stride=2, expect=[None, 14, 14, 4])
      for module in ("layers", "slim")],
    bad("tf.contrib.slim.convolution2d", T(None, 9, 9), 4, 3, code=codes.RANK_MISMATCH,
        message="Convolution expects input with rank 4, got 3"),
    bad("tf.contrib.layers.conv3d", T(None, 9, 9, 1), 4, 3, code=codes.RANK_MISMATCH,
        message="Convolution expects input with rank 5, got 4"),
    bad("tf.contrib.layers.conv2d", T(None, 28, 28), 32, 5, code=codes.RANK_MISMATCH,
        message="Convolution expects input with rank 4, got 3"),
    bad("tf.contrib.layers.conv2d", T(None, 3, 3, 1), 32, 5, padding="VALID", code=codes.NEGATIVE_DIM,
        message="One of the dimensions in the output is <= 0 due to downsampling in"),
    bad("tf.contrib.layers.conv2d", T(None, 28, 28, 1), 32, 5, data_format="channels_last", code=codes.SHAPE_REQUIREMENT,
        message="Invalid data_format: 'channels_last'"),
    bad("tf.contrib.layers.conv2d", P(None, 28, 28, None), 32, 5, code=codes.UNDEFINED_DIM,
        message="The channel dimension of the inputs should be defined"),
    ok("tf.contrib.layers.conv2d_transpose", T(None, 7, 7, 64), 32, 5, stride=2, expect=[None, 14, 14, 32]),
    bad("tf.contrib.layers.conv2d_transpose", T(7, 7, 64), 32, 5, code=codes.KERAS_INPUT,
        message="expected min_ndim=4, found ndim=3"),
    ok("tf.contrib.layers.conv2d_transpose", T(None, 7, 7, 64), 32, 3, stride=2, padding="VALID",
       expect=[None, 15, 15, 32]),
    bad("tf.contrib.layers.conv2d_transpose", P(None, 7, 7, None), 32, 5, code=codes.UNDEFINED_DIM,
        message="The channel dimension of the inputs to `Conv2DTranspose` should be"),
    bad("tf.contrib.layers.conv2d_transpose", T(None, 7, 7, 64), 32, 5, data_format="NWC", code=codes.SHAPE_REQUIREMENT,
        message="data_format has to be either NCHW or NHWC"),
    ok("tf.contrib.layers.max_pool2d", T(None, 28, 28, 32), [2, 2], expect=[None, 14, 14, 32]),
    ok("tf.contrib.slim.max_pool2d", T(None, 7, 7, 32), 2, padding="SAME", expect=[None, 4, 4, 32]),
    ok("tf.contrib.layers.avg_pool2d", T(None, 8, 8, 3), 3, stride=1, expect=[None, 6, 6, 3]),
    bad("tf.contrib.layers.max_pool2d", T(None, 1, 1, 32), [2, 2], code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.contrib.layers.avg_pool2d", T(None, 8, 8, 3), 2, data_format="channels_last", code=codes.SHAPE_REQUIREMENT,
        message="data_format has to be either NCHW or NHWC"),
    ok("tf.contrib.layers.avg_pool2d", T(None, 3, 8, 8), 2, data_format="NCHW", expect=[None, 3, 4, 4]),
    bad("tf.contrib.slim.avg_pool2d", T(None, 1, 8, 3), 2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.contrib.layers.max_pool2d", T(None, 28, 28), 2, code=codes.KERAS_INPUT,
        message="expected ndim=4, found ndim=3"),
    ok("tf.contrib.layers.flatten", T(None, 7, 7, 64), expect=[None, 3136]),
    ok("tf.contrib.slim.flatten", T(None, 5), expect=[None, 5]),
    bad("tf.contrib.layers.flatten", T(), code=codes.KERAS_INPUT, message="expected min_ndim=1, found ndim=0"),
    ok("tf.contrib.layers.dropout", T(None, 10), 0.8, expect=[None, 10]),
    ok("tf.contrib.slim.dropout", T(None, 7, 7, 3), keep_prob=0.5, is_training=False, expect=[None, 7, 7, 3]),
    ok("tf.contrib.layers.batch_norm", T(None, 8, 8, 3), expect=[None, 8, 8, 3]),
    ok("tf.contrib.layers.batch_norm", T(None, 3, None, None), data_format="NCHW", expect=[None, 3, None, None]),
    bad("tf.contrib.layers.batch_norm", P(None, 8, 8, None), code=codes.UNDEFINED_DIM,
        message="Input has undefined `axis` dimension"),
    bad("tf.contrib.layers.batch_norm", T(None, 8), data_format="NWC", code=codes.SHAPE_REQUIREMENT,
        message="data_format has to be either NCHW or NHWC"),
]
