"""Keras pooling layers: MaxPooling and AveragePooling 1D/2D/3D (and their
MaxPool/AvgPool spellings), GlobalMaxPooling and GlobalAveragePooling 1D/2D/3D.

Reference: Keras 3 (keras/src/layers/pooling, ops/operation_utils.py
compute_pooling_output_shape).  The InputSpec is ``ndim=rank+2`` ("expected
ndim=4, found ndim=3"); ``strides`` default to the pool size; a VALID window
larger than the input fails "Computed output size would be zero or negative.
Received: `inputs.shape=[None 3 3 8]`, `pool_size=[4 4]`, `strides=(4, 4)`,
`padding=valid`." (on arrays, TensorFlow's "Negative dimension size caused by
subtracting 4 from 3").  Global pooling drops the spatial axes (or keeps them
as 1 with ``keepdims=True``).
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.keras.machinery import (
    InputSpec, L, S, attr, channels_last, int_tuple, layer_call, new_layer, padding_of, result, window_fits,
    window_length,
)
from shapetracer.domain.dims import Dim
from shapetracer.constraints.core.examples import A, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Tensor

_RANKS = {"1D": 1, "2D": 2, "3D": 3}
_DEFAULT_POOL = {1: 2, 2: (2, 2), 3: (2, 2, 2)}


def _pooling(type_name: str, rank: int, *aliases: str) -> None:
    default = _DEFAULT_POOL[rank]

    def construct(ctx: OpContext, pool_size=default, strides=None, padding="valid", data_format=None, name=None,
                  **kwargs):
        return new_layer(ctx, type_name, {"pool_size": pool_size, "strides": strides, "padding": padding,
                                          "data_format": data_format}, {"name": name, **kwargs})

    construct.__name__ = type_name.rsplit(".", 1)[-1].lower()
    op(type_name, *aliases)(construct)
    layer_call(type_name, InputSpec(ndim=rank + 2))(_pool_call)


def _pool_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    rank = _RANKS.get(layer.type_name[-2:], 0)
    if rank + 2 != x.shape.rank:
        return ctx.unknown_tensor(x.dtype)
    pool = int_tuple(ctx, attr(layer, "pool_size"), rank)
    strides = pool if ctx.is_none(attr(layer, "strides")) else int_tuple(ctx, attr(layer, "strides"), rank)
    padding = padding_of(ctx, attr(layer, "padding"))
    last = channels_last(ctx, attr(layer, "data_format"))
    if pool is None or strides is None or padding is None or last is None or min(pool + strides) <= 0:
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    first = 1 if last else 2
    kernel_op = "MaxPool" if "Max" in layer.type_name else "AvgPool"
    for i in range(rank):
        size = dims[first + i]
        if padding == "valid" and not window_fits(ctx, layer, x, size, pool[i], data, kernel_op, lambda: Message(
                "Computed output size would be zero or negative. Received: `inputs.shape={shape:array}`, "
                "`pool_size={pool_size:array}`, `strides={strides:py}`, `padding=valid`.", shape=x.shape,
                pool_size=pool, strides=tuple(strides))):
            return ctx.unknown_tensor(x.dtype)
        dims[first + i] = window_length(size, pool[i], strides[i], 1, padding)
    return result(ctx, layer, dims, x.dtype)


def _global_pooling(type_name: str, rank: int, *aliases: str) -> None:
    def construct(ctx: OpContext, data_format=None, keepdims=False, **kwargs):
        return new_layer(ctx, type_name, {"data_format": data_format, "keepdims": keepdims}, kwargs)

    construct.__name__ = type_name.rsplit(".", 1)[-1].lower()
    op(type_name, *aliases)(construct)
    layer_call(type_name, InputSpec(ndim=rank + 2))(_global_call)


def _global_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    last = channels_last(ctx, attr(layer, "data_format"))
    keep = ctx.bool(attr(layer, "keepdims"), False)
    if last is None or keep is None:
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    channels = dims[-1] if last else dims[1]
    spatial = len(dims) - 2
    if keep:
        ones: list[Dim | int] = [1] * spatial
        return result(ctx, layer, [dims[0]] + ones + [channels] if last else [dims[0], channels] + ones, x.dtype)
    return result(ctx, layer, [dims[0], channels], x.dtype)


for _dims, _rank in _RANKS.items():
    _pooling(f"keras.layers.MaxPooling{_dims}", _rank, f"keras.layers.MaxPool{_dims}")
    _pooling(f"keras.layers.AveragePooling{_dims}", _rank, f"keras.layers.AvgPool{_dims}")
    _global_pooling(f"keras.layers.GlobalMaxPooling{_dims}", _rank, f"keras.layers.GlobalMaxPool{_dims}")
    _global_pooling(f"keras.layers.GlobalAveragePooling{_dims}", _rank, f"keras.layers.GlobalAvgPool{_dims}")


EXAMPLES = [
    ok("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D"), S(28, 28, 32),
       expect=[None, 14, 14, 32]),
    ok("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", (2, 2)), S(7, 7, 8),
       expect=[None, 3, 3, 8]),
    ok("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", 2, padding="same"), S(7, 7, 8),
       expect=[None, 4, 4, 8]),
    ok("keras.layers.AveragePooling1D.__call__", L("keras.layers.AveragePooling1D", 3, strides=2), S(9, 7),
       expect=[None, 4, 7]),
    ok("keras.layers.MaxPooling3D.__call__", L("keras.layers.MaxPooling3D"), S(8, 8, 8, 2),
       expect=[None, 4, 4, 4, 2]),
    ok("keras.layers.MaxPooling2D.__call__",
       L("keras.layers.MaxPool2D", 2, data_format="channels_first"), S(3, 8, 8), expect=[None, 3, 4, 4]),
    bad("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", 4), S(3, 3, 8), code=codes.NEGATIVE_DIM,
        message="Computed output size would be zero or negative"),
    bad("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", (2, 2)), S(7, 8), code=codes.KERAS_INPUT,
        message="expected ndim=4, found ndim=3"),
    bad("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", 4), A(2, 3, 3, 8), code=codes.NEGATIVE_DIM,
        message="Negative dimension size caused by subtracting 4 from 3 for"),
    ok("keras.layers.GlobalAveragePooling2D.__call__", L("keras.layers.GlobalAveragePooling2D"), S(7, 7, 8),
       expect=[None, 8]),
    ok("keras.layers.GlobalAveragePooling2D.__call__", L("keras.layers.GlobalAveragePooling2D", keepdims=True),
       S(7, 7, 8), expect=[None, 1, 1, 8]),
    ok("keras.layers.GlobalMaxPooling1D.__call__", L("keras.layers.GlobalMaxPooling1D"), S(5, 7),
       expect=[None, 7]),
    bad("keras.layers.GlobalAveragePooling2D.__call__", L("keras.layers.GlobalAveragePooling2D"), S(7, 8),
        code=codes.KERAS_INPUT, message="expected ndim=4, found ndim=3"),
    # Keras 1 keywords, as standalone Keras 2.0-2.3 renamed them
    ok("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", (2, 2), border_mode="same"), S(5, 5, 3),
       expect=[None, 3, 3, 3]),
    ok("keras.layers.MaxPooling2D.__call__", L("keras.layers.MaxPooling2D", (2, 2), dim_ordering="th"), S(3, 8, 8),
       expect=[None, 3, 4, 4]),
    # every pooling layer, under both of its names, on an input of its rank
    *[ok(f"keras.layers.{kind}{dims}.__call__", L(f"keras.layers.{alias}{dims}"), S(*[6] * rank, 3),
         expect=[None, *[3] * rank, 3])
      for dims, rank in _RANKS.items()
      for kind, alias in (("MaxPooling", "MaxPool"), ("AveragePooling", "AvgPool"),
                          ("MaxPooling", "MaxPooling"), ("AveragePooling", "AveragePooling"))],
    *[ok(f"keras.layers.{kind}{dims}.__call__", L(f"keras.layers.{alias}{dims}"), S(*[6] * rank, 3),
         expect=[None, 3])
      for dims, rank in _RANKS.items()
      for kind, alias in (("GlobalMaxPooling", "GlobalMaxPool"), ("GlobalAveragePooling", "GlobalAvgPool"),
                          ("GlobalMaxPooling", "GlobalMaxPooling"), ("GlobalAveragePooling", "GlobalAveragePooling"))],
    *[ok(f"keras.layers.{alias}{dims}", expect=instance_of(f"keras.layers.{kind}{dims}"))
      for dims in _RANKS for kind, alias in (("MaxPooling", "MaxPool"), ("AveragePooling", "AvgPool"),
                                             ("GlobalMaxPooling", "GlobalMaxPool"),
                                             ("GlobalAveragePooling", "GlobalAvgPool"))],
    bad("keras.layers.AveragePooling3D.__call__", L("keras.layers.AveragePooling3D"), S(6, 6, 3),
        code=codes.KERAS_INPUT, message="expected ndim=5, found ndim=4"),
    bad("keras.layers.GlobalMaxPooling3D.__call__", L("keras.layers.GlobalMaxPooling3D"), S(6, 6, 3),
        code=codes.KERAS_INPUT, message="expected ndim=5, found ndim=4"),
]
