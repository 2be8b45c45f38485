"""Keras convolution layers: Conv1D/2D/3D, their Transpose, SeparableConv1D/2D,
DepthwiseConv1D/2D, and the spatial reshaping layers ZeroPadding, Cropping
and UpSampling (1D/2D/3D).

Reference: Keras 3 (keras/src/layers/convolutional/base_conv.py and
ops/operation_utils.py compute_conv_output_shape /
compute_conv_transpose_output_shape).  A conv's InputSpec is ``min_ndim=rank+2``
and, once built, fixes the channel axis: a 3-channel image into a layer built
for 1 channel fails "expected axis -1 of input shape to have value 1".  A
window larger than the input fails when the layer is built: "Computed output
size would be zero or negative. Received `inputs shape=(None, 3, 3, 8)`,
`kernel shape=(5, 5, 8, 4)`, ..."; on arrays (fit/predict) the TensorFlow
kernel words it "Negative dimension size caused by subtracting 3 from 1".
"""

from __future__ import annotations

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.constraints.core import messages
from shapetracer.constraints.keras.machinery import (
    InputSpec, L, S, attr, build_spec, channels_last, int_tuple, involved_for, keras1_keywords, layer_call,
    layer_name, new_layer, padding_of, result, short, transpose_length, window_fits, window_length,
)
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.core.examples import A, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Const, Seq, Tensor

_RANKS = {"1D": 1, "2D": 2, "3D": 3}


def _rank_of(type_name: str) -> int:
    return _RANKS.get(type_name.replace("Transpose", "")[-2:], 0)


# --- constructors -----------------------------------------------------------------------------


def _conv_config(ctx: OpContext, type_name: str, kwargs: dict, **config):
    if "filters" in config:
        config = _keras1_form(ctx, _rank_of(type_name), kwargs, config)
    return new_layer(ctx, type_name, config, kwargs)


_SIZE_SLOTS = ("kernel_size", "strides", "padding")  # the parameters after ``filters``, in order


def _keras1_form(ctx: OpContext, rank: int, kwargs: dict, config: dict) -> dict:
    """Keras 1's ``Convolution2D(nb_filter, nb_row, nb_col, border_mode=..., subsample=...)``.

    Standalone Keras 2.0-2.3 converted it (keras/legacy/interfaces.py): ``rank`` ints after
    the filters are the kernel size, the Keras 1 keywords are renamed (new_layer does that).
    tf.keras and later Keras read the same positions as kernel_size, strides, padding (and
    refuse the keywords).  So the ints are a kernel size where standalone Keras 2.3 runs the
    call: called through ``keras`` under the TensorFlow 1.15 target, or with Keras 1
    keywords, which nothing else accepts."""
    sizes = [config[slot] for slot in _SIZE_SLOTS[:rank]] if rank >= 2 else []
    positional = bool(sizes) and (ctx.positional or 0) >= rank + 1 \
        and all(ctx.int(size) is not None for size in sizes)
    keras1 = (ctx.target.tf1 and ctx.standalone_keras) or keras1_keywords(ctx, kwargs) is not None
    if positional and keras1:
        kernel = Seq([Const(ctx.int(size)) for size in sizes], "tuple")
        config = {**config, "kernel_size": kernel, "strides": 1, "padding": "valid"}
    return config


@op("keras.layers.Conv1D", "keras.layers.Convolution1D")
def conv1d(ctx: OpContext, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
           groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform", bias_initializer="zeros",
           kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
           bias_constraint=None, **kwargs):
    return _conv_config(ctx, "keras.layers.Conv1D", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                        groups=groups, activation=activation, use_bias=use_bias)


@op("keras.layers.Conv2D", "keras.layers.Convolution2D")
def conv2d(ctx: OpContext, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
           dilation_rate=(1, 1), groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
           bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
           kernel_constraint=None, bias_constraint=None, **kwargs):
    return _conv_config(ctx, "keras.layers.Conv2D", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                        groups=groups, activation=activation, use_bias=use_bias)


@op("keras.layers.Conv3D", "keras.layers.Convolution3D")
def conv3d(ctx: OpContext, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format=None,
           dilation_rate=(1, 1, 1), groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
           bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
           kernel_constraint=None, bias_constraint=None, **kwargs):
    return _conv_config(ctx, "keras.layers.Conv3D", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                        groups=groups, activation=activation, use_bias=use_bias)


@op("keras.layers.Conv1DTranspose", "keras.layers.Convolution1DTranspose")
def conv1d_transpose(ctx: OpContext, filters, kernel_size, strides=1, padding="valid", output_padding=None,
                     data_format=None, dilation_rate=1, activation=None, use_bias=True,
                     kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                     bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                     **kwargs):
    return _conv_config(ctx, "keras.layers.Conv1DTranspose", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, output_padding=output_padding, data_format=data_format,
                        dilation_rate=dilation_rate, activation=activation, use_bias=use_bias)


@op("keras.layers.Conv2DTranspose", "keras.layers.Convolution2DTranspose", "keras.layers.Deconvolution2D")
def conv2d_transpose(ctx: OpContext, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None,
                     data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True,
                     kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                     bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                     **kwargs):
    return _conv_config(ctx, "keras.layers.Conv2DTranspose", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, output_padding=output_padding, data_format=data_format,
                        dilation_rate=dilation_rate, activation=activation, use_bias=use_bias)


@op("keras.layers.Conv3DTranspose", "keras.layers.Convolution3DTranspose")
def conv3d_transpose(ctx: OpContext, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format=None,
                     output_padding=None, dilation_rate=(1, 1, 1), activation=None, use_bias=True,
                     kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                     bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                     **kwargs):
    return _conv_config(ctx, "keras.layers.Conv3DTranspose", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, output_padding=output_padding, data_format=data_format,
                        dilation_rate=dilation_rate, activation=activation, use_bias=use_bias)


@op("keras.layers.SeparableConv1D", "keras.layers.SeparableConvolution1D")
def separable_conv1d(ctx: OpContext, filters, kernel_size, strides=1, padding="valid", data_format=None,
                     dilation_rate=1, depth_multiplier=1, activation=None, use_bias=True, **kwargs):
    return _conv_config(ctx, "keras.layers.SeparableConv1D", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                        depth_multiplier=depth_multiplier, activation=activation, use_bias=use_bias)


@op("keras.layers.SeparableConv2D", "keras.layers.SeparableConvolution2D")
def separable_conv2d(ctx: OpContext, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True, **kwargs):
    return _conv_config(ctx, "keras.layers.SeparableConv2D", kwargs, filters=filters, kernel_size=kernel_size,
                        strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate,
                        depth_multiplier=depth_multiplier, activation=activation, use_bias=use_bias)


@op("keras.layers.DepthwiseConv1D")
def depthwise_conv1d(ctx: OpContext, kernel_size, strides=1, padding="valid", depth_multiplier=1, data_format=None,
                     dilation_rate=1, activation=None, use_bias=True, **kwargs):
    return _conv_config(ctx, "keras.layers.DepthwiseConv1D", kwargs, kernel_size=kernel_size, strides=strides,
                        padding=padding, depth_multiplier=depth_multiplier, data_format=data_format,
                        dilation_rate=dilation_rate, activation=activation, use_bias=use_bias)


@op("keras.layers.DepthwiseConv2D")
def depthwise_conv2d(ctx: OpContext, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1,
                     data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True, **kwargs):
    return _conv_config(ctx, "keras.layers.DepthwiseConv2D", kwargs, kernel_size=kernel_size, strides=strides,
                        padding=padding, depth_multiplier=depth_multiplier, data_format=data_format,
                        dilation_rate=dilation_rate, activation=activation, use_bias=use_bias)


# --- calls ------------------------------------------------------------------------------------------


class _Geometry:
    """A conv layer's configuration read once: kernel, strides, dilation, padding, layout."""

    def __init__(self, ctx: OpContext, layer, rank: int):
        self.rank = rank
        self.kernel = int_tuple(ctx, attr(layer, "kernel_size"), rank)
        self.strides = int_tuple(ctx, attr(layer, "strides"), rank) or ([1] * rank if self.kernel else None)
        self.dilation = int_tuple(ctx, attr(layer, "dilation_rate"), rank) or [1] * rank
        self.padding = padding_of(ctx, attr(layer, "padding"))
        self.last = channels_last(ctx, attr(layer, "data_format"))

    @property
    def readable(self) -> bool:
        """Known, and positive (Keras rejects zero sizes and strides before any shape check)."""
        if None in (self.kernel, self.strides, self.padding, self.last):
            return False
        return min(self.kernel + self.strides + self.dilation) > 0

    def split(self, x: Tensor) -> tuple[list[Dim], Dim]:
        """(spatial dims, channel dim) of an input of rank ``rank + 2``."""
        dims = list(x.shape.dims)
        return (dims[1:-1], dims[-1]) if self.last else (dims[2:], dims[1])

    def join(self, batch: Dim, spatial: list[Dim], channels: Dim | int | None) -> list:
        return [batch] + spatial + [channels] if self.last else [batch, channels] + spatial


def _extra_batch_dims(ctx: OpContext, layer, x: Tensor, rank: int, kernel: list[int]) -> bool:
    """An input of more than ``rank + 2`` dims (an InputSpec of min_ndim lets it through).

    Keras 2.15 folds the extra leading dims into the batch for a plain ConvND (it runs), while
    its separable, depthwise and transposed convolutions refuse them; Keras 3 refuses them for
    every convolution (verified under 2.15 and 2.21).  True when the call goes on."""
    keras2 = ctx.target.keras2 and not ctx.target.tf1
    kind = short(layer.type_name)
    if keras2 and kind.startswith("Conv") and "Transpose" not in kind:
        return True
    facts = dict(layer=layer_name(layer), layer_class=kind, shape=x.shape)
    if keras2 and kind.startswith("Separable"):  # its depthwise step expands a 1-D input first
        message = join('Exception encountered when calling layer "{layer}" (type {layer_class}). ',
                       messages.shape_must_be_rank(4, x.shape.rank + (1 if rank == 1 else 0)),
                       " (input shape: {shape:keras})", **facts)
        ctx.fail(codes.KERAS_INPUT, message, involved_for(layer, x))
        return False
    facts["want_rank"] = rank + 2
    if keras2 and kind.startswith("Depthwise"):
        message = Message("Inputs to `DepthwiseConv` should have rank {want_rank}. Received input_shape="
                          "{shape:keras}.", **facts)
    elif "Transpose" in kind:
        message = Message("Inputs should have rank {want_rank}. Received input_shape={shape:keras}." if keras2 else
                          "Exception encountered when calling {layer_class}.call(). tuple index out of range (input "
                          "shape: {shape:keras})", **facts)
    else:
        message = Message("Kernel shape must have the same length as input, but received kernel of shape "
                          "{kernel_shape:keras} and input of shape {shape:keras}.",
                          kernel_shape=kernel + [None, None], shape=x.shape)
    ctx.fail(codes.KERAS_INPUT, message, involved_for(layer, x))
    return False


def _conv_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Conv, separable and depthwise convs: channel axis fixed at build, windows checked."""
    rank = _rank_of(layer.type_name)
    geo = _Geometry(ctx, layer, rank) if rank else None
    if geo is None or not geo.readable:
        return ctx.unknown_tensor(x.dtype)
    if x.shape.rank > rank + 2 and not _extra_batch_dims(ctx, layer, x, rank, geo.kernel):
        return ctx.unknown_tensor(x.dtype)
    leading = list(x.shape.dims[:x.shape.rank - rank - 1])
    x = Tensor(Shape([leading[-1]] + list(x.shape.dims[len(leading):])), x.dtype, x.kind, x.origin) \
        if len(leading) > 1 else x
    spatial, channels = geo.split(x)
    build_spec(layer, InputSpec(min_ndim=rank + 2, axes={-1 if geo.last else 1: channels}), ctx.site)
    depthwise = "Depthwise" in layer.type_name
    filters = ctx.dim(attr(layer, "depth_multiplier" if depthwise else "filters"))
    out_channels = (channels * filters if filters is not None else None) if depthwise else filters
    kernel_shape = geo.kernel + [channels, 1 if depthwise else filters]
    lengths = []
    for i, size in enumerate(spatial):
        span = (geo.kernel[i] - 1) * geo.dilation[i] + 1
        if geo.padding == "valid" and not window_fits(ctx, layer, x, size, span, data, "convolution", lambda: Message(
                "Computed output size would be zero or negative. Received `inputs shape={shape:keras}`, "
                "`kernel shape={kernel_shape:keras}`, `dilation_rate={dilation_rate:array}`, `strides={strides:py}`, "
                "`padding=valid`.", shape=x.shape, kernel_shape=kernel_shape, dilation_rate=geo.dilation,
                strides=tuple(geo.strides))):
            return ctx.unknown_tensor(x.dtype)
        lengths.append(window_length(size, geo.kernel[i], geo.strides[i], geo.dilation[i], geo.padding))
    out = geo.join(x.shape.dims[0], lengths, out_channels)
    return result(ctx, layer, leading[:-1] + out if len(leading) > 1 else out, x.dtype)


def _conv_transpose_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    rank = _rank_of(layer.type_name)
    geo = _Geometry(ctx, layer, rank) if rank else None
    if geo is None or not geo.readable:
        return ctx.unknown_tensor(x.dtype)
    if x.shape.rank > rank + 2:
        _extra_batch_dims(ctx, layer, x, rank, geo.kernel)
    if x.shape.rank != rank + 2:
        return ctx.unknown_tensor(x.dtype)
    spatial, channels = geo.split(x)
    build_spec(layer, InputSpec(min_ndim=rank + 2, axes={-1 if geo.last else 1: channels}), ctx.site)
    output_padding = None if ctx.is_none(attr(layer, "output_padding")) else \
        int_tuple(ctx, attr(layer, "output_padding"), rank)
    lengths = [transpose_length(size, geo.kernel[i], geo.strides[i], geo.dilation[i], geo.padding,
                                output_padding[i] if output_padding else None)
               for i, size in enumerate(spatial)]
    return result(ctx, layer, geo.join(x.shape.dims[0], lengths, ctx.dim(attr(layer, "filters"))), x.dtype)


for _kind in ("Conv", "SeparableConv", "DepthwiseConv"):
    for _dims, _rank in _RANKS.items():
        if _kind != "Conv" and _rank == 3:
            continue
        layer_call(f"keras.layers.{_kind}{_dims}", InputSpec(min_ndim=_rank + 2))(_conv_call)
for _dims, _rank in _RANKS.items():
    layer_call(f"keras.layers.Conv{_dims}Transpose", InputSpec(min_ndim=_rank + 2))(_conv_transpose_call)


# --- ZeroPadding, Cropping, UpSampling -------------------------------------------------------------------


def _pairs(ctx: OpContext, value, rank: int) -> list[tuple[int, int]] | None:
    """``1`` / ``(1, 2)`` / ``((1, 1), (2, 2))`` as one (before, after) pair per spatial axis."""
    single = ctx.int(value)
    if single is not None:
        return [(single, single)] * rank
    items = ctx.items(value)
    if items is None:
        return None
    if rank == 1 and len(items) == 2 and all(ctx.int(i) is not None for i in items):
        return [(ctx.int(items[0]), ctx.int(items[1]))]
    if len(items) != rank:
        return None
    pairs = []
    for item in items:
        one = ctx.int(item)
        both = ctx.int_list(item)
        if one is not None:
            pairs.append((one, one))
        elif both is not None and len(both) == 2:
            pairs.append((both[0], both[1]))
        else:
            return None
    return pairs


def _spatial_layer(type_name: str, default, parameter: str):
    rank = _rank_of(type_name)

    def construct(ctx: OpContext, *args, data_format=None, **kwargs):
        value = args[0] if args else kwargs.pop(parameter, default)
        return new_layer(ctx, type_name, {parameter: value, "data_format": data_format}, kwargs)

    construct.__name__ = type_name.rsplit(".", 1)[-1].lower()
    construct.__doc__ = f"{type_name}({parameter}={default!r}, data_format=None, **kwargs)"
    op(type_name)(construct)
    return rank


def _padding_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    rank = _rank_of(layer.type_name)
    pairs = _pairs(ctx, attr(layer, "padding"), rank)
    last = channels_last(ctx, attr(layer, "data_format")) if rank > 1 else True
    if pairs is None or last is None:
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    first = 1 if last else 2
    for i, (before, after) in enumerate(pairs):
        dims[first + i] = dims[first + i] + (before + after)
    return result(ctx, layer, dims, x.dtype)


def _cropping_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    rank = _rank_of(layer.type_name)
    pairs = _pairs(ctx, attr(layer, "cropping"), rank)
    last = channels_last(ctx, attr(layer, "data_format")) if rank > 1 else True
    if pairs is None or last is None:
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    first = 1 if last else 2
    for i, (before, after) in enumerate(pairs):
        size = dims[first + i]
        if size.known and size.value <= before + after:
            if rank == 1:
                message = Message("`cropping` parameter of `Cropping1D` layer must be smaller than the input length. "
                                  "Received: input_shape={shape:keras}, cropping={cropping:py}", shape=x.shape,
                                  cropping=pairs[0])
            else:
                message = Message("Values in `cropping` argument should be smaller than the corresponding spatial "
                                  "dimension of the input. Received: input_shape={shape:keras}, "
                                  "cropping={croppings:py}", shape=x.shape, croppings=tuple(pairs))
            ctx.fail(codes.NEGATIVE_DIM, message, involved_for(layer, x))
            return ctx.unknown_tensor(x.dtype)
        dims[first + i] = size - (before + after)
    return result(ctx, layer, dims, x.dtype)


def _upsampling_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    rank = _rank_of(layer.type_name)
    factors = int_tuple(ctx, attr(layer, "size"), rank)
    last = channels_last(ctx, attr(layer, "data_format")) if rank > 1 else True
    if factors is None or last is None:
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    first = 1 if last else 2
    for i, factor in enumerate(factors):
        dims[first + i] = dims[first + i] * factor
    return result(ctx, layer, dims, x.dtype)


_DEFAULTS = {
    "ZeroPadding": ("padding", {1: 1, 2: (1, 1), 3: ((1, 1), (1, 1), (1, 1))}, _padding_call),
    "Cropping": ("cropping", {1: (1, 1), 2: ((0, 0), (0, 0)), 3: ((1, 1), (1, 1), (1, 1))}, _cropping_call),
    "UpSampling": ("size", {1: 2, 2: (2, 2), 3: (2, 2, 2)}, _upsampling_call),
}
for _kind, (_parameter, _defaults, _call) in _DEFAULTS.items():
    for _dims, _rank in _RANKS.items():
        _name = f"keras.layers.{_kind}{_dims}"
        _spatial_layer(_name, _defaults[_rank], _parameter)
        layer_call(_name, InputSpec(ndim=_rank + 2))(_call)


EXAMPLES = [
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 32, 3), S(28, 28, 1), expect=[None, 26, 26, 32]),
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3, strides=2, padding="same"), S(7, 7, 3),
       expect=[None, 4, 4, 4]),
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3, data_format="channels_first"),
       S(3, 7, 7), expect=[None, 4, 5, 5]),
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3, dilation_rate=2), S(7, 7, 3),
       expect=[None, 3, 3, 4]),
    ok("keras.layers.Conv1D.__call__", L("keras.layers.Conv1D", 4, 3, padding="causal"), S(7, 3),
       expect=[None, 7, 4]),
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 8, 3), S(None, None, 3),
       expect=[None, None, None, 8]),
    ok("keras.layers.Conv3D.__call__", L("keras.layers.Conv3D", 2, 3), S(5, 6, 7, 1), expect=[None, 3, 4, 5, 2]),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 5), S(3, 3, 8), code=codes.NEGATIVE_DIM,
        message="Computed output size would be zero or negative"),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3), S(2, 3, 8), code=codes.NEGATIVE_DIM,
        message="Computed output size would be zero or negative"),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3), S(28, 28), code=codes.KERAS_INPUT,
        message="expected min_ndim=4, found ndim=3"),
    # extra leading dims: Keras 2.15 folds them into the batch of a plain ConvND, Keras 3 refuses
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3), S(3, 8, 8, 1), expect=[None, 3, 6, 6, 4],
       target="2.15"),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3), S(3, 8, 8, 1), code=codes.KERAS_INPUT,
        message="Kernel shape must have the same length as input"),
    bad("keras.layers.Conv2DTranspose.__call__", L("keras.layers.Conv2DTranspose", 4, 3), S(3, 8, 8, 1),
        code=codes.KERAS_INPUT, message="Inputs should have rank 4. Received input_shape=(None, 3, 8, 8, 1).",
        target="2.15"),
    bad("keras.layers.DepthwiseConv2D.__call__", L("keras.layers.DepthwiseConv2D", 3), S(3, 8, 8, 1),
        code=codes.KERAS_INPUT, message="Inputs to `DepthwiseConv` should have rank 4.", target="2.15"),
    bad("keras.layers.SeparableConv2D.__call__", L("keras.layers.SeparableConv2D", 4, 3), S(3, 8, 8, 1),
        code=codes.KERAS_INPUT, message="Shape must be rank 4 but is rank 5", target="2.15"),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3, built=(None, 28, 28, 1)),
        S(28, 28, 3), code=codes.KERAS_INPUT,
        message="expected axis -1 of input shape to have value 1, but received input"),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3, built=(None, 28, 28, 1)),
        A(28, 28, 1, 1), code=codes.NEGATIVE_DIM, message="Negative dimension size caused by subtracting 3 from 1 for"),
    ok("keras.layers.Conv2DTranspose.__call__", L("keras.layers.Conv2DTranspose", 4, 3, strides=2),
       S(7, 7, 3), expect=[None, 15, 15, 4]),
    ok("keras.layers.Conv2DTranspose.__call__", L("keras.layers.Conv2DTranspose", 4, 3, strides=2, padding="same"),
       S(7, 7, 3), expect=[None, 14, 14, 4]),
    ok("keras.layers.Conv2DTranspose.__call__",
       L("keras.layers.Conv2DTranspose", 4, 3, strides=2, padding="valid", output_padding=1),
       S(7, 7, 3), expect=[None, 16, 16, 4]),
    ok("keras.layers.Conv1DTranspose.__call__", L("keras.layers.Conv1DTranspose", 4, 5, strides=3), S(7, 3),
       expect=[None, 23, 4]),
    bad("keras.layers.Conv2DTranspose.__call__", L("keras.layers.Conv2DTranspose", 4, 3, built=(None, 7, 7, 3)),
        S(7, 7, 4), code=codes.KERAS_INPUT,
        message="expected axis -1 of input shape to have value 3, but received input"),
    ok("keras.layers.SeparableConv2D.__call__", L("keras.layers.SeparableConv2D", 8, 3), S(5, 5, 3),
       expect=[None, 3, 3, 8]),
    ok("keras.layers.DepthwiseConv2D.__call__", L("keras.layers.DepthwiseConv2D", 3, depth_multiplier=2),
       S(5, 5, 3), expect=[None, 3, 3, 6]),
    ok("keras.layers.ZeroPadding2D.__call__", L("keras.layers.ZeroPadding2D", ((1, 2), (3, 4))), S(5, 5, 3),
       expect=[None, 8, 12, 3]),
    ok("keras.layers.ZeroPadding1D.__call__", L("keras.layers.ZeroPadding1D"), S(5, 3), expect=[None, 7, 3]),
    ok("keras.layers.Cropping2D.__call__", L("keras.layers.Cropping2D", ((1, 1), (2, 0))), S(5, 5, 3),
       expect=[None, 3, 3, 3]),
    bad("keras.layers.Cropping2D.__call__", L("keras.layers.Cropping2D", ((3, 3), (0, 0))), S(5, 5, 3),
        code=codes.NEGATIVE_DIM, message="Values in `cropping` argument should be smaller than the corresponding"),
    bad("keras.layers.Cropping1D.__call__", L("keras.layers.Cropping1D", (3, 3)), S(5, 3), code=codes.NEGATIVE_DIM,
        message="`cropping` parameter of `Cropping1D` layer must be smaller than the"),
    ok("keras.layers.UpSampling2D.__call__", L("keras.layers.UpSampling2D", (2, 3)), S(5, 5, 3),
       expect=[None, 10, 15, 3]),
    bad("keras.layers.UpSampling2D.__call__", L("keras.layers.UpSampling2D"), S(5, 3), code=codes.KERAS_INPUT,
        message="expected ndim=4, found ndim=3"),
    # the older names build the same layers
    *[ok(alias, 4, 3, expect=instance_of(layer)) for alias, layer in (
        ("keras.layers.Convolution1D", "keras.layers.Conv1D"), ("keras.layers.Convolution2D", "keras.layers.Conv2D"),
        ("keras.layers.Convolution3D", "keras.layers.Conv3D"),
        ("keras.layers.Convolution1DTranspose", "keras.layers.Conv1DTranspose"),
        ("keras.layers.Convolution2DTranspose", "keras.layers.Conv2DTranspose"),
        ("keras.layers.Deconvolution2D", "keras.layers.Conv2DTranspose"),
        ("keras.layers.Convolution3DTranspose", "keras.layers.Conv3DTranspose"),
        ("keras.layers.SeparableConvolution1D", "keras.layers.SeparableConv1D"),
        ("keras.layers.SeparableConvolution2D", "keras.layers.SeparableConv2D"))],
    ok("keras.layers.Conv3DTranspose.__call__", L("keras.layers.Conv3DTranspose", 2, 3, strides=2), S(4, 5, 6, 1),
       expect=[None, 9, 11, 13, 2]),
    ok("keras.layers.SeparableConv1D.__call__", L("keras.layers.SeparableConv1D", 8, 3), S(10, 4),
       expect=[None, 8, 8]),
    bad("keras.layers.SeparableConv1D.__call__", L("keras.layers.SeparableConv1D", 8, 5), S(3, 4),
        code=codes.NEGATIVE_DIM, message="Computed output size would be zero or negative"),
    ok("keras.layers.DepthwiseConv1D.__call__", L("keras.layers.DepthwiseConv1D", 3, depth_multiplier=2), S(10, 4),
       expect=[None, 8, 8]),
    ok("keras.layers.ZeroPadding3D.__call__", L("keras.layers.ZeroPadding3D", 1), S(4, 5, 6, 2),
       expect=[None, 6, 7, 8, 2]),
    ok("keras.layers.Cropping3D.__call__", L("keras.layers.Cropping3D", 1), S(4, 5, 6, 2), expect=[None, 2, 3, 4, 2]),
    ok("keras.layers.UpSampling1D.__call__", L("keras.layers.UpSampling1D", 3), S(5, 4), expect=[None, 15, 4]),
    ok("keras.layers.UpSampling3D.__call__", L("keras.layers.UpSampling3D"), S(2, 3, 4, 1), expect=[None, 4, 6, 8, 1]),
    # Keras 1's Convolution2D(nb_filter, nb_row, nb_col, border_mode=...), as standalone Keras 2.0-2.3
    # converted it: a 5x3 kernel (not kernel 5, strides 3)
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Convolution2D", 4, 5, 3, border_mode="same"), S(8, 8, 1),
       expect=[None, 8, 8, 4]),
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Convolution2D", 4, 5, 3, subsample=(2, 2)), S(9, 9, 1),
       expect=[None, 3, 4, 4]),
    bad("keras.layers.Conv2D.__call__", L("keras.layers.Convolution2D", 4, 5, 5, dim_ordering="th"), S(1, 28, 3),
        code=codes.NEGATIVE_DIM),
    # without Keras 1 keywords, positions 2 and 3 are kernel_size and strides (tf.keras, Keras >= 2.4)
    ok("keras.layers.Conv2D.__call__", L("keras.layers.Conv2D", 4, 3, 2, padding="same"), S(8, 8, 1),
       expect=[None, 4, 4, 4]),
]
