"""Keras normalization layers: BatchNormalization, LayerNormalization,
GroupNormalization.

Reference: Keras 3 (keras/src/layers/normalization).  BatchNormalization's
build fixes an InputSpec with the input's rank and the size of its
normalised axis, so calling it again on another shape fails "Input 0 with
name 'None' of layer 'batch_normalization' is incompatible with the layer:
expected axis -1 of input shape to have value 4, but received input with
shape (None, 5)" (or "expected ndim=2, found ndim=3").  LayerNormalization
keeps shapes and checks nothing statically.  An ``axis`` past the input's
rank fails in build with Python's "tuple index out of range".
"""

from __future__ import annotations

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.constraints.keras.machinery import (
    InputSpec, L, S, attr, build_spec, involved_for, layer_call, new_layer, state_of,
)
from shapetracer.constraints.core.examples import bad, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import Tensor


@op("keras.layers.BatchNormalization")
def batch_normalization(ctx: OpContext, axis=-1, momentum=0.99, epsilon=0.001, center=True, scale=True,
                        beta_initializer="zeros", gamma_initializer="ones", moving_mean_initializer="zeros",
                        moving_variance_initializer="ones", beta_regularizer=None, gamma_regularizer=None,
                        beta_constraint=None, gamma_constraint=None, renorm=False, renorm_clipping=None,
                        renorm_momentum=0.99, synchronized=False, **kwargs):
    return new_layer(ctx, "keras.layers.BatchNormalization", {"axis": axis, "center": center, "scale": scale},
                     kwargs)


@op("keras.layers.LayerNormalization")
def layer_normalization(ctx: OpContext, axis=-1, epsilon=0.001, center=True, scale=True, beta_initializer="zeros",
                        gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None,
                        beta_constraint=None, gamma_constraint=None, **kwargs):
    return new_layer(ctx, "keras.layers.LayerNormalization", {"axis": axis}, kwargs)


@op("keras.layers.GroupNormalization")
def group_normalization(ctx: OpContext, groups=32, axis=-1, epsilon=0.001, center=True, scale=True, **kwargs):
    return new_layer(ctx, "keras.layers.GroupNormalization", {"axis": axis, "groups": groups}, kwargs)


def _axes(ctx: OpContext, layer, x: Tensor) -> list[int] | None:
    """The normalised axes; reports an axis the input does not have (build's IndexError)."""
    axes = ctx.int_list(attr(layer, "axis"))
    if axes is None:
        return None
    rank = x.shape.rank
    for axis in axes:
        if not -rank <= axis < rank:
            ctx.fail(codes.AXIS_RANGE, Message("tuple index out of range (axis={axis} for an input of rank {rank})",
                                               axis=axis, rank=rank),
                     involved_for(layer, x))
            return None
    return axes


@layer_call("keras.layers.BatchNormalization")
def batch_normalization_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Built once: the rank and the normalised axis' size are then fixed."""
    axes = _axes(ctx, layer, x) if not state_of(layer).built else []
    if axes is None:
        return ctx.unknown_tensor(x.dtype)
    if axes:
        build_spec(layer, InputSpec(ndim=x.shape.rank, axes={a: x.shape.dims[a] for a in axes}), ctx.site)
    return ctx.same_shape(x)


def _normalization_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    if not state_of(layer).built:
        _axes(ctx, layer, x)
        if ctx.failed:
            return ctx.unknown_tensor(x.dtype)
    return ctx.same_shape(x)


layer_call("keras.layers.LayerNormalization")(_normalization_call)
layer_call("keras.layers.GroupNormalization")(_normalization_call)


EXAMPLES = [
    ok("keras.layers.BatchNormalization.__call__", L("keras.layers.BatchNormalization"), S(28, 28, 32),
       expect=[None, 28, 28, 32]),
    ok("keras.layers.BatchNormalization.__call__", L("keras.layers.BatchNormalization", built=(None, 4)),
       S(4), expect=[None, 4]),
    ok("keras.layers.BatchNormalization.__call__", L("keras.layers.BatchNormalization", axis=1),
       S(3, 8, 8), expect=[None, 3, 8, 8]),
    bad("keras.layers.BatchNormalization.__call__", L("keras.layers.BatchNormalization", built=(None, 4)),
        S(5), code=codes.KERAS_INPUT, message="expected axis -1 of input shape to have value 4, but received input"),
    bad("keras.layers.BatchNormalization.__call__", L("keras.layers.BatchNormalization", built=(None, 4)),
        S(3, 4), code=codes.KERAS_INPUT, message="expected ndim=2, found ndim=3"),
    bad("keras.layers.BatchNormalization.__call__", L("keras.layers.BatchNormalization", axis=3), S(4),
        code=codes.AXIS_RANGE, message="tuple index out of range"),
    ok("keras.layers.LayerNormalization.__call__", L("keras.layers.LayerNormalization"), S(10, 64),
       expect=[None, 10, 64]),
    ok("keras.layers.LayerNormalization.__call__", L("keras.layers.LayerNormalization", built=(None, 4)),
       S(5), expect=[None, 5]),
    bad("keras.layers.LayerNormalization.__call__", L("keras.layers.LayerNormalization", axis=3), S(4),
        code=codes.AXIS_RANGE, message="tuple index out of range"),
    ok("keras.layers.GroupNormalization.__call__", L("keras.layers.GroupNormalization", groups=8), S(16, 16, 32),
       expect=[None, 16, 16, 32]),
    bad("keras.layers.GroupNormalization.__call__", L("keras.layers.GroupNormalization", axis=4), S(16, 32),
        code=codes.AXIS_RANGE, message="tuple index out of range (axis=4 for an input of rank 3)"),
]
