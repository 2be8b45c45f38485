"""TF1 functional layers: ``tf.layers.*`` (also ``tf.compat.v1.layers.*``).

Each function builds a Keras layer and applies it once, so the reference is
the layer's own checks (tf_keras 2.21, which is what ``tf.layers`` runs on
under TF 2.x with TF_USE_LEGACY_KERAS=1) and then the C++ shape function of
the op it emits:

- InputSpec: ``Input 0 of layer "conv2d" is incompatible with the layer:
  expected min_ndim=4, found ndim=3``.  Convolutions accept extra leading batch
  axes (min_ndim); pooling layers want the rank exactly (ndim).
- Dense and convolutions need the feature/channel axis statically known:
  "The last dimension of the inputs to a Dense layer should be defined. Found
  None." (ST120).
- Windows (Conv2D, MaxPool, AvgPool, …): VALID needs ``size >= dilated
  kernel``: "Negative dimension size caused by subtracting 5 from 3"; Keras
  words a strictly negative output "One of the dimensions in the output is <=
  0 due to downsampling".  SAME gives ``ceil(size / stride)``.

The window arithmetic here is shared with ``layers_contrib`` (tf.contrib.layers,
which builds the same layers).  A layer's kernel is created from the first
input it sees; calling one named layer again with ``reuse`` is not modelled.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape, statically_none
from shapetracer.constraints.core.examples import P, T, UNKNOWN_SHAPE, bad, ok
from shapetracer.constraints.core.spec import OpContext, Tensor, op
from shapetracer.constraints.core import messages

def static_none_dim(ctx: OpContext, index: int) -> Dim:
    """A fresh dim TensorFlow itself sees as ``None`` (axis ``index`` of this op's result)."""
    return ctx.fresh(f"{ctx.display}.shape[{index}]")


def input_spec_message(layer: str, kind: str, want: int, shape: Shape) -> Message:
    """Keras' InputSpec rank error (``kind``: ndim or min_ndim)."""
    return messages.keras_input_incompatible(0, layer) + messages.keras_expected_ndim(kind, want, shape.rank, shape)


# --- argument readers ---------------------------------------------------

def ntuple(ctx: OpContext, value: Any, n: int, argname: str) -> list[int] | None:
    """An int-or-tuple layer argument as ``n`` ints (None when not all known).

    A tuple of the wrong length is a definite failure (ST122), reported here;
    callers check ``ctx.failed``.
    """
    single = ctx.int(value)
    if single is not None:
        return [single] * n
    items = ctx.items(value)
    if items is None:
        return None
    if len(items) != n:
        ints = [ctx.int(i) for i in items]
        ctx.fail(codes.ARG_LENGTH, ctx.msg("The `{arg}` argument must be a tuple of {want_length} integers. Received: "
                                           "{values:py}", arg=argname, want_length=n, values=tuple(ints)))
        return None
    ints = [ctx.int(i) for i in items]
    return None if any(i is None for i in ints) else ints  # type: ignore[return-value]


def read_padding(ctx: OpContext, value: Any, causal_ok: bool = False) -> str | None:
    """'valid' / 'same' / 'causal' (lower-cased, as Keras normalises), or None if unknown."""
    text = ctx.str(value)
    if text is None:
        return None
    padding = text.lower()
    if padding == "causal" and not causal_ok:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Causal padding is only supported for `Conv1D`and "
                                                  "`SeparableConv1D`."))
        return None
    if padding not in ("valid", "same", "causal"):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg('The `padding` argument must be a list/tuple or one of "valid", '
                                                  '"same" (or "causal", only for `Conv1D). Received: {padding}',
                                                  padding=text))
        return None
    return padding


def read_data_format(ctx: OpContext, value: Any) -> bool | None:
    """True for channels_first; None when unknown or invalid (reported)."""
    if ctx.is_none(value):
        return False
    text = ctx.str(value)
    if text is None:
        return None
    if text.lower() not in ("channels_first", "channels_last"):
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg('The `data_format` argument must be one of "channels_first", '
                                                  '"channels_last". Received: {data_format}', data_format=text))
        return None
    return text.lower() == "channels_first"


def count_dim(ctx: OpContext, value: Any) -> Dim:
    """``units`` / ``filters``: the given int, or a fresh dim TensorFlow knows."""
    dim = ctx.dim(value)
    return dim if dim is not None else ctx.fresh("d")


# --- window arithmetic ----------------------------------------------------

def window_output(ctx: OpContext, size: Dim, kernel: int | None, stride: int | None, dilation: int,
                  padding: str | None, shape: Shape, keras_conv: bool) -> Dim | None:
    """Output length of one sliding-window axis; None after a reported failure.

    VALID needs ``size >= (kernel-1)*dilation + 1``.  Keras convolutions check
    a strictly negative output first, with their own message.
    """
    if stride is None or padding is None or stride <= 0:
        return ctx.fresh("d")
    if padding in ("same", "causal"):
        return size if stride == 1 else size.ceildiv(stride)
    if kernel is None:
        return ctx.fresh("d")
    span = (kernel - 1) * dilation + 1
    if keras_conv and size.known and size.value - span + 1 < 0:
        ctx.fail(codes.NEGATIVE_DIM, ctx.msg("One of the dimensions in the output is <= 0 due to downsampling in "
                                             "{op}. Consider increasing the input size. Received input shape "
                                             "{shape:pylist} which would produce output shape with a zero or "
                                             "negative value in a dimension.", shape=shape), [size])
        return None
    if not ctx.require(size.ge(span), codes.NEGATIVE_DIM,
                       ctx.msg(messages.negative_dimension(span, size), " (input shape: {shape:tf})", shape=shape),
                       [size, shape]):
        return None
    remaining = size - span
    return remaining + 1 if stride == 1 else remaining.floordiv(stride) + 1


def split_channels(dims: tuple[Dim, ...], n: int, channels_first: bool
                   ) -> tuple[list[Dim], Dim, list[Dim]]:
    """(batch dims, channel dim, spatial dims) of a rank >= n+2 input."""
    batch_rank = len(dims) - n - 1
    if channels_first:
        return list(dims[:batch_rank]), dims[batch_rank], list(dims[batch_rank + 1:])
    return list(dims[:batch_rank]), dims[-1], list(dims[batch_rank:-1])


def join_channels(batch: list[Dim], channel: Dim, spatial: list[Dim], channels_first: bool) -> list[Dim]:
    return batch + [channel] + spatial if channels_first else batch + spatial + [channel]


# --- shared layer bodies ----------------------------------------------------

def dense_layer(ctx: OpContext, inputs: Any, units: Any, layer: str = "dense") -> Tensor:
    """Dense: ``[..., d] -> [..., units]``; rank >= 2 and ``d`` statically known."""
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor()
    if x.shape.rank < 2:
        ctx.fail(codes.KERAS_INPUT, ctx.msg(input_spec_message(layer, "min_ndim", 2, x.shape)), [x])
        return ctx.unknown_tensor(x.dtype)
    last = x.shape.dims[-1]
    if statically_none(last):
        ctx.fail(codes.UNDEFINED_DIM, ctx.msg("The last dimension of the inputs to a Dense layer should be defined. "
                                              "Found None. Full input shape received: {shape:keras}", shape=x.shape),
                 [x])
        return ctx.unknown_tensor(x.dtype)
    return ctx.result(list(x.shape.dims[:-1]) + [count_dim(ctx, units)], x.dtype, label="dense gives")


def conv_layer(ctx: OpContext, inputs: Any, n: int, filters: Any, kernel: list[int] | None,
               strides: list[int] | None, padding: str | None, channels_first: bool | None,
               dilation: list[int] | None, layer: str) -> Tensor:
    """Keras ConvND applied once: rank, channel axis, every spatial window."""
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None or ctx.failed or channels_first is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    if x.shape.rank < n + 2 or (ctx.target.tf1 and x.shape.rank > n + 2):
        # TensorFlow 1.15's convolution layers want exactly rank n + 2; later ones fold extra
        # leading axes into the batch (min_ndim)
        ctx.fail(codes.KERAS_INPUT, ctx.msg(input_spec_message(layer, "ndim" if ctx.target.tf1 else "min_ndim",
                                                               n + 2, x.shape)), [x])
        return ctx.unknown_tensor(x.dtype)
    if x.shape.rank > n + 2:  # the extra leading axes are a batch of batches
        lead = list(x.shape.dims[:x.shape.rank - n - 1])
        inner = conv_layer(ctx, Tensor(Shape([lead[-1], *x.shape.dims[len(lead):]]), x.dtype, x.kind, x.origin), n,
                           filters, kernel, strides, padding, channels_first, dilation, layer)
        return inner if inner.shape.dims is None else ctx.result(lead[:-1] + list(inner.shape.dims), x.dtype,
                                                                 label="convolved to")
    if strides is not None and 0 in strides:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("The argument `strides` cannot contains 0(s). Received: {strides:py}",
                                                  strides=tuple(strides)))
        return ctx.unknown_tensor(x.dtype)
    dilation = dilation or [1] * n
    if strides is not None and max(strides) > 1 and max(dilation) > 1:
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("`strides > 1` not supported in conjunction with `dilation_rate > "
                                                  "1`. Received: strides={strides:py} and "
                                                  "dilation_rate={dilation_rate:py}",
                                                  strides=tuple(strides), dilation_rate=tuple(dilation)))
        return ctx.unknown_tensor(x.dtype)
    batch, channel, spatial = split_channels(x.shape.dims, n, channels_first)
    if statically_none(channel):
        axis = -1 if not channels_first else x.shape.rank - 1 - n
        ctx.fail(codes.UNDEFINED_DIM, ctx.msg("The channel dimension of the inputs should be defined. The "
                                              "input_shape received is {shape:keras}, where axis {axis} (0-based) is "
                                              "the channel dimension, which found to be `None`.", shape=x.shape,
                                              axis=axis), [x])
        return ctx.unknown_tensor(x.dtype)
    out = []
    for i, size in enumerate(spatial):
        k = kernel[i] if kernel else None
        s = strides[i] if strides else None
        length = window_output(ctx, size, k, s, dilation[i], padding, x.shape, keras_conv=True)
        if length is None:
            return ctx.unknown_tensor(x.dtype)
        out.append(length)
    dims = join_channels(batch, count_dim(ctx, filters), out, channels_first)
    return ctx.result(dims, x.dtype, label="convolved to")


def pool_layer(ctx: OpContext, inputs: Any, n: int, pool_size: Any, strides: Any, padding: Any,
               channels_first: bool | None, layer: str) -> Tensor:
    """Keras MaxPoolingND/AveragePoolingND: rank exactly n+2, VALID windows must fit."""
    pool = ntuple(ctx, pool_size, n, "pool_size")
    step = pool if ctx.is_none(strides) else ntuple(ctx, strides, n, "strides")
    pad = read_padding(ctx, padding)
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None or ctx.failed or channels_first is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    if x.shape.rank != n + 2:
        ctx.fail(codes.KERAS_INPUT, ctx.msg(input_spec_message(layer, "ndim", n + 2, x.shape)), [x])
        return ctx.unknown_tensor(x.dtype)
    batch, channel, spatial = split_channels(x.shape.dims, n, channels_first)
    out = []
    for i, size in enumerate(spatial):
        length = window_output(ctx, size, pool[i] if pool else None, step[i] if step else None, 1, pad,
                               x.shape, keras_conv=False)
        if length is None:
            return ctx.unknown_tensor(x.dtype)
        out.append(length)
    return ctx.result(join_channels(batch, channel, out, channels_first), x.dtype, label="pooled to")


def flatten_dims(ctx: OpContext, x: Tensor) -> list[Dim]:
    """``[B, ...] -> [B, prod(...)]``; the product stays linear (one symbol at most)."""
    rest = x.shape.dims[1:]
    symbolic = [d for d in rest if not d.known]
    if len(symbolic) > 1:
        flat = static_none_dim(ctx, 1) if any(statically_none(d) for d in symbolic) else ctx.fresh("d")
        return [x.shape.dims[0], flat]
    total = Dim(1)
    for dim in rest:
        total = total * dim
    return [x.shape.dims[0], total]


def flatten_layer(ctx: OpContext, inputs: Any, layer: str = "flatten") -> Tensor:
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    if x.shape.rank < 1:
        ctx.fail(codes.KERAS_INPUT, ctx.msg(input_spec_message(layer, "min_ndim", 1, x.shape)), [x])
        return ctx.unknown_tensor(x.dtype)
    return ctx.result(flatten_dims(ctx, x), x.dtype, label="flattened to")


def batch_norm_layer(ctx: OpContext, inputs: Any, axis: Any) -> Tensor:
    """Keras BatchNormalization: each normalised axis must exist and be defined."""
    x = ctx.tensor(inputs)
    axes = ctx.int_list(axis)
    if x is None or x.shape.dims is None or axes is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    rank = x.shape.rank
    normalised = tuple(a + rank if a < 0 else a for a in axes)
    if any(a < 0 or a >= rank for a in normalised):
        ctx.fail(codes.AXIS_RANGE, ctx.msg("Invalid value for `axis` argument. Expected 0 <= axis < inputs.rank "
                                           "(with inputs.rank={rank}). Received: axis={axes:py}", rank=rank,
                                           axes=normalised), [x])
        return ctx.unknown_tensor(x.dtype)
    if any(statically_none(x.shape.dims[a]) for a in normalised):
        ctx.fail(codes.UNDEFINED_DIM, ctx.msg("Input has undefined `axis` dimension. Received input with shape "
                                              "{shape:keras} and axis={axes:py}", shape=x.shape, axes=normalised), [x])
        return ctx.unknown_tensor(x.dtype)
    return ctx.same_shape(x)


def conv_transpose_layer(ctx: OpContext, inputs: Any, filters: Any, kernel: list[int] | None,
                         strides: list[int] | None, padding: str | None, channels_first: bool | None,
                         layer: str = "conv2d_transpose") -> Tensor:
    """Keras Conv2DTranspose: rank exactly 4, defined channels; no window can fail."""
    x = ctx.tensor(inputs)
    if x is None or x.shape.dims is None or ctx.failed or channels_first is None:
        return ctx.unknown_tensor(x.dtype if x is not None else None)
    if x.shape.rank < 4:
        ctx.fail(codes.KERAS_INPUT, ctx.msg(input_spec_message(layer, "min_ndim", 4, x.shape)), [x])
        return ctx.unknown_tensor(x.dtype)
    if x.shape.rank > 4:
        ctx.fail(codes.RANK_MISMATCH, ctx.msg("Inputs should have rank 4. Received input_shape={shape:keras}.",
                                              shape=x.shape),
                 [x])
        return ctx.unknown_tensor(x.dtype)
    batch, channel, spatial = split_channels(x.shape.dims, 2, channels_first)
    if statically_none(channel):
        ctx.fail(codes.UNDEFINED_DIM, ctx.msg("The channel dimension of the inputs to `Conv2DTranspose` should be "
                                              "defined. The input_shape received is {shape:keras}, where axis {axis} "
                                              "(0-based) is the channel dimension, which found to be `None`.",
                                              shape=x.shape, axis=1 if channels_first else -1),
                 [x])
        return ctx.unknown_tensor(x.dtype)
    out = []
    for i, size in enumerate(spatial):
        if strides is None or padding is None or (kernel is None and padding == "valid"):
            out.append(ctx.fresh("d"))
            continue
        s = strides[i]
        grown = size * s if s != 1 else size
        out.append(grown + max(kernel[i] - s, 0) if padding == "valid" else grown)
    dims = join_channels(batch, count_dim(ctx, filters), out, channels_first)
    return ctx.result(dims, x.dtype, label="upsampled to")


# --- tf.layers specs ------------------------------------------------------------

@op("tf.layers.dense")
def dense(ctx: OpContext, inputs, units, activation=None, use_bias=True, kernel_initializer=None,
          bias_initializer=None, kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
          kernel_constraint=None, bias_constraint=None, trainable=True, name=None, reuse=None):
    return dense_layer(ctx, inputs, units)


def _conv(ctx: OpContext, n: int, layer: str, inputs, filters, kernel_size, strides, padding, data_format,
          dilation_rate) -> Tensor:
    kernel = ntuple(ctx, kernel_size, n, "kernel_size")
    step = ntuple(ctx, strides, n, "strides")
    dilation = ntuple(ctx, dilation_rate, n, "dilation_rate")
    pad = read_padding(ctx, padding, causal_ok=(n == 1))
    channels_first = read_data_format(ctx, data_format)
    return conv_layer(ctx, inputs, n, filters, kernel, step, pad, channels_first, dilation, layer)


@op("tf.layers.conv1d")
def conv1d(ctx: OpContext, inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
           dilation_rate=1, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=None,
           kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
           bias_constraint=None, trainable=True, name=None, reuse=None):
    return _conv(ctx, 1, "conv1d", inputs, filters, kernel_size, strides, padding, data_format, dilation_rate)


@op("tf.layers.conv2d")
def conv2d(ctx: OpContext, inputs, filters, kernel_size, strides=(1, 1), padding="valid",
           data_format="channels_last", dilation_rate=(1, 1), activation=None, use_bias=True,
           kernel_initializer=None, bias_initializer=None, kernel_regularizer=None, bias_regularizer=None,
           activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
           reuse=None):
    return _conv(ctx, 2, "conv2d", inputs, filters, kernel_size, strides, padding, data_format, dilation_rate)


@op("tf.layers.conv3d")
def conv3d(ctx: OpContext, inputs, filters, kernel_size, strides=(1, 1, 1), padding="valid",
           data_format="channels_last", dilation_rate=(1, 1, 1), activation=None, use_bias=True,
           kernel_initializer=None, bias_initializer=None, kernel_regularizer=None, bias_regularizer=None,
           activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
           reuse=None):
    return _conv(ctx, 3, "conv3d", inputs, filters, kernel_size, strides, padding, data_format, dilation_rate)


@op("tf.layers.separable_conv1d")
def separable_conv1d(ctx: OpContext, inputs, filters, kernel_size, strides=1, padding="valid",
                     data_format="channels_last", dilation_rate=1, depth_multiplier=1, activation=None,
                     use_bias=True, depthwise_initializer=None, pointwise_initializer=None, bias_initializer=None,
                     depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, depthwise_constraint=None, pointwise_constraint=None,
                     bias_constraint=None, trainable=True, name=None, reuse=None):
    """A depthwise then a pointwise convolution: the output is the convolution's, with ``filters``."""
    return _conv(ctx, 1, "separable_conv1d", inputs, filters, kernel_size, strides, padding, data_format,
                 dilation_rate)


@op("tf.layers.separable_conv2d")
def separable_conv2d(ctx: OpContext, inputs, filters, kernel_size, strides=(1, 1), padding="valid",
                     data_format="channels_last", dilation_rate=(1, 1), depth_multiplier=1, activation=None,
                     use_bias=True, depthwise_initializer=None, pointwise_initializer=None, bias_initializer=None,
                     depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, depthwise_constraint=None, pointwise_constraint=None,
                     bias_constraint=None, trainable=True, name=None, reuse=None):
    return _conv(ctx, 2, "separable_conv2d", inputs, filters, kernel_size, strides, padding, data_format,
                 dilation_rate)


def _pool(ctx: OpContext, n: int, layer: str, inputs, pool_size, strides, padding, data_format) -> Tensor:
    if ctx.is_none(strides):  # the Keras class would default to pool_size; tf.layers refuses
        ctx.fail(codes.SHAPE_REQUIREMENT, ctx.msg("Argument `strides` must not be None."))
        return ctx.unknown_tensor()
    return pool_layer(ctx, inputs, n, pool_size, strides, padding, read_data_format(ctx, data_format), layer)


@op("tf.layers.max_pooling1d")
def max_pooling1d(ctx: OpContext, inputs, pool_size, strides, padding="valid", data_format="channels_last",
                  name=None):
    return _pool(ctx, 1, "max_pooling1d", inputs, pool_size, strides, padding, data_format)


@op("tf.layers.max_pooling2d")
def max_pooling2d(ctx: OpContext, inputs, pool_size, strides, padding="valid", data_format="channels_last",
                  name=None):
    return _pool(ctx, 2, "max_pooling2d", inputs, pool_size, strides, padding, data_format)


@op("tf.layers.max_pooling3d")
def max_pooling3d(ctx: OpContext, inputs, pool_size, strides, padding="valid", data_format="channels_last",
                  name=None):
    return _pool(ctx, 3, "max_pooling3d", inputs, pool_size, strides, padding, data_format)


@op("tf.layers.average_pooling1d")
def average_pooling1d(ctx: OpContext, inputs, pool_size, strides, padding="valid", data_format="channels_last",
                      name=None):
    return _pool(ctx, 1, "average_pooling1d", inputs, pool_size, strides, padding, data_format)


@op("tf.layers.average_pooling2d")
def average_pooling2d(ctx: OpContext, inputs, pool_size, strides, padding="valid", data_format="channels_last",
                      name=None):
    return _pool(ctx, 2, "average_pooling2d", inputs, pool_size, strides, padding, data_format)


@op("tf.layers.average_pooling3d")
def average_pooling3d(ctx: OpContext, inputs, pool_size, strides, padding="valid", data_format="channels_last",
                      name=None):
    return _pool(ctx, 3, "average_pooling3d", inputs, pool_size, strides, padding, data_format)


@op("tf.layers.flatten")
def flatten(ctx: OpContext, inputs, name=None, data_format="channels_last"):
    return flatten_layer(ctx, inputs)


@op("tf.layers.dropout")
def dropout(ctx: OpContext, inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    x = ctx.tensor(inputs)
    return ctx.same_shape(x) if x is not None else ctx.unknown_tensor()


@op("tf.layers.batch_normalization")
def batch_normalization(ctx: OpContext, inputs, axis=-1, momentum=0.99, epsilon=0.001, center=True, scale=True,
                        beta_initializer=None, gamma_initializer=None, moving_mean_initializer=None,
                        moving_variance_initializer=None, beta_regularizer=None, gamma_regularizer=None,
                        beta_constraint=None, gamma_constraint=None, training=False, trainable=True, name=None,
                        reuse=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None,
                        virtual_batch_size=None, adjustment=None):
    return batch_norm_layer(ctx, inputs, axis)


@op("tf.layers.conv2d_transpose")
def conv2d_transpose(ctx: OpContext, inputs, filters, kernel_size, strides=(1, 1), padding="valid",
                     data_format="channels_last", activation=None, use_bias=True, kernel_initializer=None,
                     bias_initializer=None, kernel_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                     name=None, reuse=None):
    kernel = ntuple(ctx, kernel_size, 2, "kernel_size")
    step = ntuple(ctx, strides, 2, "strides")
    pad = read_padding(ctx, padding)
    return conv_transpose_layer(ctx, inputs, filters, kernel, step, pad, read_data_format(ctx, data_format))


EXAMPLES = [
    # dense
    ok("tf.layers.dense", T(None, 5), 7, expect=[None, 7]),
    ok("tf.layers.dense", T(None, 4, 5), 7, expect=[None, 4, 7]),
    ok("tf.layers.dense", T(None, 3136), units=1024, expect=[None, 1024]),
    bad("tf.layers.dense", P(None, None), 7, code=codes.UNDEFINED_DIM,
        message="The last dimension of the inputs to a Dense layer should be defined"),
    ok("tf.layers.dense", T(None, None), 7, expect=[None, 7]),
    bad("tf.layers.dense", T(5), 7, code=codes.KERAS_INPUT, message="expected min_ndim=2, found ndim=1"),
    bad("tf.layers.dense", T(), 7, code=codes.KERAS_INPUT, message="expected min_ndim=2, found ndim=0"),
    # conv
    ok("tf.layers.conv2d", T(None, 28, 28, 1), 32, 5, expect=[None, 24, 24, 32]),
    ok("tf.layers.conv2d", T(None, 28, 28, 1), 32, 5, padding="same", strides=2, expect=[None, 14, 14, 32]),
    ok("tf.layers.conv2d", T(None, 28, 28, 1), 32, 5, padding="SAME", strides=2, expect=[None, 14, 14, 32]),
    ok("tf.layers.conv2d", T(None, 3, 28, 28), 32, 5, data_format="channels_first", expect=[None, 32, 24, 24]),
    ok("tf.layers.conv2d", T(None, 28, 28, 3), 8, (3, 5), strides=(2, 1), expect=[None, 13, 24, 8]),
    ok("tf.layers.conv2d", T(None, 28, 28, 1), 32, 3, dilation_rate=2, expect=[None, 24, 24, 32]),
    ok("tf.layers.conv2d", T(None, 5, 5, 1), 32, 5, expect=[None, 1, 1, 32]),
    ok("tf.layers.conv2d", T(None, None, None, 3), 8, 3, expect=[None, None, None, 8]),
    ok("tf.layers.conv1d", T(None, 100, 8), 16, 3, expect=[None, 98, 16]),
    ok("tf.layers.conv1d", T(None, 100, 8, 1), 16, 3, expect=[None, 100, 6, 16]),
    ok("tf.layers.conv1d", T(None, 100, 3), 8, 5, strides=3, padding="same", expect=[None, 34, 8]),
    ok("tf.layers.conv1d", T(None, 10, 3), 3, 3, strides=2, padding="causal", expect=[None, 5, 3]),
    ok("tf.layers.conv3d", T(None, 16, 16, 16, 1), 8, 3, expect=[None, 14, 14, 14, 8]),
    ok("tf.layers.conv3d", T(None, 9, 9, 9, 1), 4, 3, strides=2, padding="same", expect=[None, 5, 5, 5, 4]),
    ok("tf.layers.conv3d", T(None, 1, 9, 9, 9), 4, 3, data_format="channels_first", expect=[None, 4, 7, 7, 7]),
    bad("tf.layers.conv3d", T(None, 9, 9, 1), 4, 3, code=codes.KERAS_INPUT,
        message="expected min_ndim=5, found ndim=4"),
    bad("tf.layers.conv2d", T(None, 3, 3, 1), 32, 5, code=codes.NEGATIVE_DIM,
        message="One of the dimensions in the output is <= 0 due to downsampling in"),
    bad("tf.layers.conv2d", T(None, 4, 4, 3), 3, 5, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 5 from 4"),
    bad("tf.layers.conv3d", T(None, 2, 16, 16, 1), 8, 3, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    bad("tf.layers.conv2d", T(28, 28, 1), 32, 5, code=codes.KERAS_INPUT, message="expected min_ndim=4, found ndim=3"),
    bad("tf.layers.conv1d", T(None, 100), 8, 5, code=codes.KERAS_INPUT, message="expected min_ndim=3, found ndim=2"),
    bad("tf.layers.conv2d", P(None, 28, 28, None), 32, 5, code=codes.UNDEFINED_DIM,
        message="The channel dimension of the inputs should be defined"),
    bad("tf.layers.conv2d", T(None, 28, 28, 1), 32, (3, 3, 3), code=codes.ARG_LENGTH,
        message="The `kernel_size` argument must be a tuple of 2 integers"),
    bad("tf.layers.conv2d", T(None, 28, 28, 1), 32, 3, padding="full", code=codes.SHAPE_REQUIREMENT,
        message='The `padding` argument must be a list/tuple or one of "valid", "same"'),
    bad("tf.layers.conv2d", T(None, 28, 28, 1), 32, 3, data_format="NHWC", code=codes.SHAPE_REQUIREMENT,
        message='The `data_format` argument must be one of "channels_first"'),
    bad("tf.layers.conv2d", T(None, 10, 10, 3), 3, 3, padding="causal", code=codes.SHAPE_REQUIREMENT,
        message="Causal padding is only supported for `Conv1D`and `SeparableConv1D`"),
    bad("tf.layers.conv2d", T(None, 28, 28, 1), 32, 3, dilation_rate=2, strides=2, code=codes.SHAPE_REQUIREMENT,
        message="`strides > 1` not supported in conjunction with `dilation_rate > 1`"),
    # pooling
    ok("tf.layers.max_pooling2d", T(None, 28, 28, 1), 2, 2, expect=[None, 14, 14, 1]),
    ok("tf.layers.max_pooling2d", T(None, 7, 7, 1), 2, 2, padding="same", expect=[None, 4, 4, 1]),
    ok("tf.layers.max_pooling2d", T(None, 3, 28, 28), 2, 2, data_format="channels_first", expect=[None, 3, 14, 14]),
    ok("tf.layers.max_pooling2d", T(None, 28, 28, 3), (2, 3), (2, 3), expect=[None, 14, 9, 3]),
    ok("tf.layers.average_pooling1d", T(None, 7, 3), 2, 2, expect=[None, 3, 3]),
    ok("tf.layers.average_pooling3d", T(None, 7, 7, 7, 3), 2, 2, expect=[None, 3, 3, 3, 3]),
    ok("tf.layers.max_pooling1d", T(None, 28, 3), 2, 2, expect=[None, 14, 3]),
    ok("tf.layers.max_pooling1d", T(None, 3, 28), 2, 2, data_format="channels_first", expect=[None, 3, 14]),
    ok("tf.layers.max_pooling3d", T(None, 5, 5, 5, 3), 2, 2, padding="same", expect=[None, 3, 3, 3, 3]),
    bad("tf.layers.max_pooling3d", T(None, 8, 8, 8, 3), 2, None, code=codes.SHAPE_REQUIREMENT,
        message="Argument `strides` must not be None"),
    bad("tf.layers.max_pooling3d", T(None, 8, 8, 1, 3), 2, 2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.layers.max_pooling3d", T(None, 8, 8, 3), 2, 2, code=codes.KERAS_INPUT,
        message="expected ndim=5, found ndim=4"),
    ok("tf.layers.average_pooling1d", T(None, 7, 3), 2, 2, padding="same", expect=[None, 4, 3]),
    bad("tf.layers.average_pooling1d", T(None, 1, 3), 2, 2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.layers.average_pooling1d", T(None, 7, 3, 1), 2, 2, code=codes.KERAS_INPUT,
        message="expected ndim=3, found ndim=4"),
    ok("tf.layers.average_pooling2d", T(None, 9, 9, 3), 3, 3, expect=[None, 3, 3, 3]),
    bad("tf.layers.average_pooling2d", T(None, 2, 9, 3), 3, 3, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 3 from 2"),
    bad("tf.layers.average_pooling2d", T(9, 9, 3), 3, 3, code=codes.KERAS_INPUT,
        message="expected ndim=4, found ndim=3"),
    bad("tf.layers.average_pooling3d", T(None, 1, 7, 7, 3), 2, 2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.layers.average_pooling3d", T(None, 7, 7, 3), 2, 2, code=codes.KERAS_INPUT,
        message="expected ndim=5, found ndim=4"),
    bad("tf.layers.max_pooling2d", T(None, 1, 1, 1), 2, 2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.layers.max_pooling1d", T(None, 1, 3), 2, 2, code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 2 from 1"),
    bad("tf.layers.max_pooling2d", T(28, 28, 1), 2, 2, code=codes.KERAS_INPUT, message="expected ndim=4, found ndim=3"),
    bad("tf.layers.max_pooling1d", T(None, 28, 28, 3), 2, 2, code=codes.KERAS_INPUT,
        message="expected ndim=3, found ndim=4"),
    bad("tf.layers.average_pooling2d", T(None, 28, 28, 3), (2, 2, 2), 2, code=codes.ARG_LENGTH,
        message="The `pool_size` argument must be a tuple of 2 integers"),
    # flatten, dropout, batch norm
    ok("tf.layers.flatten", T(None, 7, 7, 64), expect=[None, 3136]),
    ok("tf.layers.flatten", T(None, None, 7), expect=[None, None]),
    ok("tf.layers.flatten", T(None), expect=[None, 1]),
    bad("tf.layers.flatten", T(), code=codes.KERAS_INPUT, message="expected min_ndim=1, found ndim=0"),
    ok("tf.layers.dropout", T(None, 7), 0.5, expect=[None, 7]),
    ok("tf.layers.dropout", T(None, 7, 3), rate=0.1, training=True, expect=[None, 7, 3]),
    ok("tf.layers.dropout", T(None, 7), 0.5, noise_shape=[1, 7], expect=[None, 7]),
    ok("tf.layers.dropout", T(rank_unknown=True), 0.5, expect=UNKNOWN_SHAPE),
    ok("tf.layers.batch_normalization", T(None, 7), expect=[None, 7]),
    ok("tf.layers.batch_normalization", T(None, 3, 8, 8), axis=1, expect=[None, 3, 8, 8]),
    ok("tf.layers.batch_normalization", T(None, 10, 7), axis=[1, 2], expect=[None, 10, 7]),
    bad("tf.layers.batch_normalization", P(None, None), code=codes.UNDEFINED_DIM,
        message="Input has undefined `axis` dimension"),
    bad("tf.layers.batch_normalization", T(None, 7), axis=3, code=codes.AXIS_RANGE,
        message="Invalid value for `axis` argument"),
    bad("tf.layers.batch_normalization", T(None, 10, 7), axis=-5, code=codes.AXIS_RANGE,
        message="Invalid value for `axis` argument"),
    # conv2d_transpose
    ok("tf.layers.conv2d_transpose", T(None, 7, 7, 64), 32, 5, strides=2, padding="same", expect=[None, 14, 14, 32]),
    ok("tf.layers.conv2d_transpose", T(None, 7, 7, 64), 32, 5, strides=2, expect=[None, 17, 17, 32]),
    ok("tf.layers.conv2d_transpose", T(None, 7, 7, 64), 32, 2, strides=3, expect=[None, 21, 21, 32]),
    ok("tf.layers.conv2d_transpose", T(None, 64, 7, 7), 32, 5, strides=2, padding="same",
       data_format="channels_first", expect=[None, 32, 14, 14]),
    bad("tf.layers.conv2d_transpose", T(7, 7, 64), 32, 5, code=codes.KERAS_INPUT,
        message="expected min_ndim=4, found ndim=3"),
    bad("tf.layers.conv2d_transpose", T(2, None, 7, 7, 64), 32, 5, code=codes.RANK_MISMATCH,
        message="Inputs should have rank 4"),
    bad("tf.layers.conv2d_transpose", P(None, 7, 7, None), 32, 5, code=codes.UNDEFINED_DIM,
        message="The channel dimension of the inputs to `Conv2DTranspose` should be"),
    ok("tf.layers.separable_conv2d", T(None, 28, 28, 3), 8, 3, strides=2, padding="same", expect=[None, 14, 14, 8]),
    bad("tf.layers.separable_conv2d", T(None, 28, 28), 8, 3, code=codes.KERAS_INPUT, message="found ndim=3"),
    ok("tf.layers.separable_conv1d", T(None, 28, 3), 8, 3, strides=2, padding="same", expect=[None, 14, 8]),
    # TensorFlow 1.15's layers want exactly rank 4; 2.x's fold extra leading axes into the batch
    bad("tf.layers.conv2d", T(2, 3, 8, 8, 1), 4, 3, code=codes.KERAS_INPUT, message="expected ndim=4, found ndim=5",
        target="1.15"),
    bad("tf.layers.conv2d", T(None, 8, 8), 4, 3, code=codes.KERAS_INPUT, message="expected ndim=4, found ndim=3",
        target="1.15"),
    ok("tf.layers.conv2d", T(2, 3, 8, 8, 1), 4, 3, expect=[2, 3, 6, 6, 4], target="2.15"),
]
