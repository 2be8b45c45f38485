"""Keras weights: the shapes of a built layer's or model's weights, ``get_weights`` /
``set_weights`` on layers and models, and the kernel a Dense layer cannot build on an
input whose last dim is None.

References: keras/src/layers/layer.py (``set_weights``), keras/src/models/model.py and
keras/src/backend/common/variables.py in Keras 3.15 (TF 2.21), and tf_keras 2.21
(``Keras 2``), checked with both.

- A built Dense layer holds ``kernel (input_dim, units)`` and, with ``use_bias``,
  ``bias (units,)``; Conv{1,2,3}D ``kernel (*kernel_size, in_channels, filters)`` and
  ``bias (filters,)``; Embedding ``embeddings (input_dim, output_dim)``.  A model's
  weights are its layers' in order (layers without weights add none).
- ``set_weights(list)`` compares every array's shape with its weight's exactly:
  "Layer dense weight shape (3, 4) is not compatible with provided weight shape (3,
  5)."; a list of another length: "You called `set_weights(weights)` on layer
  'dense' with a weight list of length 1, but the layer was expecting 2 weights."
  (Keras 2 quotes the layer with double quotes).  Layers that are not built (no
  weights yet), and layers whose weights are not modelled, are not checked.
- ``get_weights()`` gives one array per weight, shaped like it.
- A Dense layer built on an input whose last dim the program declared None (a
  ``keras.Input`` dim, a Flatten over one) cannot create its kernel (reported where
  the layer is called, ``core_layers.dense_call``; the examples are here, with the
  other kernels).  Keras 3:
  "Shapes used to initialize variables must be fully-defined (no `None`
  dimensions). Received: shape=(None, 4) for variable path='dense/kernel'"; Keras
  2: "The last dimension of the inputs to a Dense layer should be defined. Found
  None. Full input shape received: (32, None)".  Dims merely unknown to the
  analysis are not reported.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message
from shapetracer.rules import codes
from shapetracer.domain.dims import Dim, Shape
from shapetracer.constraints.keras.machinery import (
    L, S, attr, channels_last, int_tuple, layer_name, register_input, state_of,
)
from shapetracer.constraints.core.examples import A, bad, ok
from shapetracer.constraints.keras.models import example_model, model_state
from shapetracer.constraints.core.spec import UNKNOWN, Const, Obj, OpContext, Seq, Tensor, Value, op

# Layers that own no weights: a model's weight list skips them.
WEIGHTLESS = {
    "InputLayer", "Flatten", "Reshape", "Permute", "RepeatVector", "Activation", "Dropout", "SpatialDropout1D",
    "SpatialDropout2D", "SpatialDropout3D", "GaussianNoise", "GaussianDropout", "AlphaDropout", "ReLU", "LeakyReLU",
    "ELU", "Softmax", "Masking", "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "AveragePooling1D",
    "AveragePooling2D", "AveragePooling3D", "GlobalAveragePooling1D", "GlobalAveragePooling2D",
    "GlobalAveragePooling3D", "GlobalMaxPooling1D", "GlobalMaxPooling2D", "GlobalMaxPooling3D", "Concatenate",
    "Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "UpSampling1D", "UpSampling2D", "UpSampling3D",
    "ZeroPadding1D", "ZeroPadding2D", "ZeroPadding3D", "Cropping1D", "Cropping2D", "Cropping3D", "Identity",
}
CONVS = {"Conv1D": 1, "Conv2D": 2, "Conv3D": 3}
TRANSPOSED = {"Conv1DTranspose": 1, "Conv2DTranspose": 2, "Conv3DTranspose": 3}
SEPARABLE = {"SeparableConv1D": 1, "SeparableConv2D": 2}
DEPTHWISE = {"DepthwiseConv1D": 1, "DepthwiseConv2D": 2}
RECURRENT = {"LSTM": 4, "GRU": 3, "SimpleRNN": 1}
LAYERS = ("Dense", "Embedding", "BatchNormalization", *CONVS, *TRANSPOSED, *SEPARABLE, *DEPTHWISE, *RECURRENT)
MODELS = ("keras.Model", "keras.Sequential")


def _kind(layer: Value) -> str | None:
    if isinstance(layer, Obj) and layer.type_name.startswith("keras.layers."):
        return layer.type_name[len("keras.layers."):]
    return None


# --- the weights of a layer or model ----------------------------------------------------------

def layer_weights(ctx: OpContext, layer: Value) -> tuple[list[list[Dim]], bool] | None:
    """(weight shapes, whether the count is certain) of a built layer; None when unknown.

    Shapes as every supported Keras builds them (verified under keras 2.3.1, tf.keras 1.15,
    Keras 2.15 and 3): a convolution's kernel is ``(*window, in_channels // groups, filters)``,
    a transposed one's ``(*window, filters, in_channels)``, a separable one has a depthwise
    ``(*window, in_channels, depth_multiplier)`` and a pointwise ``(1, ..., in_channels *
    depth_multiplier, filters)`` kernel, a depthwise one a bias of ``in_channels *
    depth_multiplier``; BatchNormalization keeps gamma (``scale``), beta (``center``) and the
    two moving statistics; a recurrent layer its kernel ``(features, gates * units)``, its
    recurrent kernel ``(units, gates * units)`` and its bias, ``(2, 3 * units)`` for a GRU with
    ``reset_after`` (Keras 2.15 and 3's default; TensorFlow 1.15's is False)."""
    kind = _kind(layer)
    if kind in WEIGHTLESS:
        return [], True
    state = state_of(layer) if kind in LAYERS else None
    if state is None or not state.built:
        return None
    if kind == "Embedding":
        rows, width = ctx.dim(attr(layer, "input_dim")), ctx.dim(attr(layer, "output_dim"))
        if rows is None or width is None:
            return None
        return [[rows, width]], True
    bias = ctx.bool(attr(layer, "use_bias"), True)
    if bias is None:
        return None
    if kind in RECURRENT:
        return _recurrent_weights(ctx, layer, kind, state.features, bias)
    if state.spec is None:
        return None
    if kind == "Dense":
        units, depth = ctx.dim(attr(layer, "units")), state.spec.axes.get(-1)
        if units is None or depth is None:
            return None
        return [[depth, units]] + ([[units]] if bias else []), True
    if kind == "BatchNormalization":
        return _norm_weights(ctx, layer, list(state.spec.axes.values()))
    return _conv_weights(ctx, layer, kind, state.spec.axes, bias)


def _conv_weights(ctx: OpContext, layer: Obj, kind: str, axes: dict, bias: bool) -> tuple[list[list[Dim]], bool] | None:
    rank = {**CONVS, **TRANSPOSED, **SEPARABLE, **DEPTHWISE}.get(kind)
    kernel = int_tuple(ctx, attr(layer, "kernel_size"), rank) if rank else None
    last = channels_last(ctx, attr(layer, "data_format"))
    channels = axes.get(-1 if last else 1) if last is not None else None
    if kernel is None or channels is None:
        return None
    window = [Dim(k) for k in kernel]
    if kind in DEPTHWISE or kind in SEPARABLE:
        multiplier = ctx.dim(attr(layer, "depth_multiplier"))
        if multiplier is None:
            return None
        depthwise = window + [channels, multiplier]
        if kind in DEPTHWISE:
            return [depthwise] + ([[channels * multiplier]] if bias else []), True
        filters = ctx.dim(attr(layer, "filters"))
        if filters is None:
            return None
        pointwise = [Dim(1)] * rank + [channels * multiplier, filters]
        return [depthwise, pointwise] + ([[filters]] if bias else []), True
    filters = ctx.dim(attr(layer, "filters"))
    groups = ctx.int(attr(layer, "groups")) if "groups" in layer.attrs else 1
    if filters is None or groups is None or groups < 1:
        return None
    if kind in TRANSPOSED:
        return [window + [filters, channels]] + ([[filters]] if bias else []), True
    if groups != 1 and not (channels.known and channels.value % groups == 0):
        return None
    depth = Dim(channels.value // groups) if groups != 1 else channels
    return [window + [depth, filters]] + ([[filters]] if bias else []), True


def _norm_weights(ctx: OpContext, layer: Obj, sizes: list[Dim]) -> tuple[list[list[Dim]], bool] | None:
    center, scale = ctx.bool(attr(layer, "center"), True), ctx.bool(attr(layer, "scale"), True)
    if len(sizes) != 1 or center is None or scale is None:
        return None
    count = int(scale) + int(center) + 2
    return [[sizes[0]] for _ in range(count)], True


def _recurrent_weights(ctx: OpContext, layer: Obj, kind: str, features: Dim | None,
                       bias: bool) -> tuple[list[list[Dim]], bool] | None:
    units = ctx.dim(attr(layer, "units"))
    if units is None or features is None:
        return None
    width = units * RECURRENT[kind]
    shapes = [[features, width], [units, width]]
    if bias:
        reset_after = ctx.bool(attr(layer, "reset_after"), not ctx.target.tf1) if kind == "GRU" else False
        if reset_after is None:
            return None
        shapes.append([Dim(2), width] if reset_after else [width])
    return shapes, True


def model_weights(ctx: OpContext, model: Value) -> tuple[list[list[Dim]], bool] | None:
    state = model_state(model)
    if state is None or state.opaque or state.broken or not state.built \
            or (state.kind == "functional" and state.nodes is None):  # layers not traced
        return None
    shapes: list[list[Dim]] = []
    for layer in state.layers:
        found = layer_weights(ctx, layer) if not isinstance(layer, Obj) or layer.type_name not in MODELS \
            else model_weights(ctx, layer)
        if found is None or not found[1]:
            return None
        shapes.extend(found[0])
    return shapes, True


def _owner_weights(ctx: OpContext, owner: Value) -> tuple[list[list[Dim]], bool] | None:
    if isinstance(owner, Obj) and owner.type_name in MODELS:
        return model_weights(ctx, owner)
    return layer_weights(ctx, owner)


# --- set_weights / get_weights --------------------------------------------------------------------

def set_weights(ctx: OpContext, self, weights):
    found = _owner_weights(ctx, self)
    given = ctx.items(weights)
    if found is None or given is None or _unchecked(ctx, self):
        return Const(None)
    shapes, certain = found
    name = layer_name(self)
    if len(given) != len(shapes) and (certain or len(given) > len(shapes)):
        quoted = '"{layer}"' if ctx.target.keras2 else "'{layer}'"
        ctx.fail(codes.ASSIGN_SHAPE, Message("You called `set_weights(weights)` on layer " + quoted + " with a weight "
                                             "list "
                                             "of length {length}, but the layer was expecting {want_length} "
                                             "weights.", layer=name, length=len(given),
                                             want_length=len(shapes)), [self])
        return UNKNOWN
    for want, value in zip(shapes, given):
        array = ctx.tensor(value)
        if array is None or array.shape.dims is None:
            continue
        have = list(array.shape.dims)
        message = Message("Layer weight shape {want_shape:keras} not compatible with provided weight shape "
                          "{shape:keras}" if ctx.target.tf1 else
                          "Layer {layer} weight shape {want_shape:keras} is not compatible with provided weight "
                          "shape {shape:keras}.", layer=name, want_shape=want, shape=have)
        if len(have) != len(want) or any(a.known and b.known and a.value != b.value for a, b in zip(have, want)):
            ctx.fail(codes.ASSIGN_SHAPE, message, [array, self])
            return UNKNOWN
        for a, b in zip(have, want):
            if not ctx.require(a.eq(b), codes.ASSIGN_SHAPE, message, [array, self, a, b]):
                return UNKNOWN
    return Const(None)


def _unchecked(ctx: OpContext, owner: Value) -> bool:
    """keras 2.3.1's Model.set_weights (a model made through ``keras`` under TensorFlow 1.15)
    hands each layer its slice of the list and assigns without comparing shapes or counting:
    it raises neither for a wrong shape nor for a short list (verified)."""
    if not (ctx.target.tf1 and isinstance(owner, Obj) and owner.type_name in MODELS):
        return False
    state = model_state(owner)
    return state is not None and state.standalone


def get_weights(ctx: OpContext, self):
    found = _owner_weights(ctx, self)
    if found is None or not found[1]:
        return UNKNOWN
    return Seq([ctx.result(list(shape), "float32", label="weights of shape", kind="ndarray")
                for shape in found[0]], "list")


_OWNERS = (*LAYERS, *sorted(WEIGHTLESS))
op(*[f"keras.layers.{kind}.set_weights" for kind in _OWNERS], *[f"{m}.set_weights" for m in MODELS])(set_weights)
op(*[f"keras.layers.{kind}.get_weights" for kind in _OWNERS], *[f"{m}.get_weights" for m in MODELS])(get_weights)


# --- Dense on an input whose last dim is None --------------------------------------------------------

# --- examples ----------------------------------------------------------------------------------

def _built(api: str, *args: Any, on: tuple, **kwargs: Any) -> Obj:
    """An example layer called once on a ``keras.Input`` of shape ``on``."""
    return L(api, *args, built=(None, *on), **kwargs)


def _declared(*dims: int | None) -> Tensor:
    """``keras.Input(shape=dims)``: None entries are dims Keras does not know either."""
    shape = Shape([Dim.fresh("batch")] + [Dim(d) if d is not None else Dim.fresh(f"keras_input.shape[{i + 1}]")
                                          for i, d in enumerate(dims)])
    x = Tensor(shape, "float32")
    register_input(x, "input_layer")
    return x


def _sequential(*layers: Obj) -> Obj:
    return example_model(*layers)


EXAMPLES = [
    ok("keras.layers.Dense.set_weights", _built("keras.layers.Dense", 4, on=(3,)), [A(3, 4), A(4)],
       expect=Const(None)),
    ok("keras.layers.Dense.set_weights", _built("keras.layers.Dense", 4, on=(3,), use_bias=False), [A(3, 4)],
       expect=Const(None)),
    ok("keras.layers.Dense.set_weights", L("keras.layers.Dense", 4), [A(3, 5), A(5)],
       expect=Const(None)),  # not built: its weights are not known here
    bad("keras.layers.Dense.set_weights", _built("keras.layers.Dense", 4, on=(3,)), [A(3, 5), A(4)],
        code=codes.ASSIGN_SHAPE, message="Layer dense weight shape (3, 4) is not compatible with provided weight "
                                         "shape (3, 5)."),
    bad("keras.layers.Dense.set_weights", _built("keras.layers.Dense", 4, on=(3,)), [A(4, 3), A(4)],
        code=codes.ASSIGN_SHAPE, message="weight shape (3, 4) is not compatible with provided weight shape (4, 3)"),
    bad("keras.layers.Dense.set_weights", _built("keras.layers.Dense", 4, on=(3,)), [A(3, 4)],
        code=codes.ASSIGN_SHAPE, message="with a weight list of length 1, but the layer was expecting 2 weights."),
    ok("keras.layers.Conv2D.set_weights", _built("keras.layers.Conv2D", 8, 3, on=(28, 28, 1)),
       [A(3, 3, 1, 8), A(8)], expect=Const(None)),
    bad("keras.layers.Conv2D.set_weights", _built("keras.layers.Conv2D", 8, 3, on=(28, 28, 1)),
        [A(3, 3, 3, 8), A(8)], code=codes.ASSIGN_SHAPE,
        message="weight shape (3, 3, 1, 8) is not compatible with provided weight shape (3, 3, 3, 8)."),
    bad("keras.layers.Conv1D.set_weights", _built("keras.layers.Conv1D", 4, 5, on=(20, 2)), [A(5, 2, 4)],
        code=codes.ASSIGN_SHAPE, message="with a weight list of length 1, but the layer was expecting 2 weights."),
    ok("keras.layers.Conv1D.set_weights", _built("keras.layers.Conv1D", 4, 5, on=(20, 2), use_bias=False),
       [A(5, 2, 4)], expect=Const(None)),
    ok("keras.layers.Conv3D.set_weights", _built("keras.layers.Conv3D", 2, 3, on=(8, 8, 8, 1)),
       [A(3, 3, 3, 1, 2), A(2)], expect=Const(None)),
    bad("keras.layers.Embedding.set_weights", _built("keras.layers.Embedding", 100, 8, on=(5,)), [A(100, 16)],
        code=codes.ASSIGN_SHAPE, message="Layer embedding weight shape (100, 8) is not compatible with provided "
                                         "weight shape (100, 16)."),
    ok("keras.layers.Dense.get_weights", _built("keras.layers.Dense", 4, on=(3,)), expect=([3, 4], [4])),
    ok("keras.layers.Embedding.get_weights", _built("keras.layers.Embedding", 100, 8, on=(5,)), expect=([100, 8],)),
    ok("keras.layers.Conv2D.get_weights", _built("keras.layers.Conv2D", 8, 3, on=(28, 28, 1)),
       expect=([3, 3, 1, 8], [8])),
    ok("keras.layers.Conv2D.get_weights", _built("keras.layers.Conv2D", 8, 3, on=(10, 10, 4), groups=2),
       expect=([3, 3, 2, 8], [8])),
    ok("keras.layers.Conv2DTranspose.get_weights", _built("keras.layers.Conv2DTranspose", 8, 3, on=(10, 10, 4)),
       expect=([3, 3, 8, 4], [8])),
    ok("keras.layers.SeparableConv2D.get_weights",
       _built("keras.layers.SeparableConv2D", 8, 3, on=(10, 10, 4), depth_multiplier=2),
       expect=([3, 3, 4, 2], [1, 1, 8, 8], [8])),
    ok("keras.layers.DepthwiseConv2D.get_weights",
       _built("keras.layers.DepthwiseConv2D", 3, on=(10, 10, 4), depth_multiplier=2), expect=([3, 3, 4, 2], [8])),
    ok("keras.layers.BatchNormalization.get_weights", _built("keras.layers.BatchNormalization", on=(10, 4)),
       expect=([4], [4], [4], [4])),
    ok("keras.layers.BatchNormalization.get_weights",
       _built("keras.layers.BatchNormalization", on=(10, 4), center=False), expect=([4], [4], [4])),
    ok("keras.layers.LSTM.get_weights", _built("keras.layers.LSTM", 5, on=(7, 4)), expect=([4, 20], [5, 20], [20])),
    ok("keras.layers.GRU.get_weights", _built("keras.layers.GRU", 5, on=(7, 4)), expect=([4, 15], [5, 15], [2, 15])),
    ok("keras.layers.GRU.get_weights", _built("keras.layers.GRU", 5, on=(7, 4)), expect=([4, 15], [5, 15], [15]),
       target="1.15"),  # TensorFlow 1.15's GRU has reset_after=False
    ok("keras.layers.SimpleRNN.get_weights", _built("keras.layers.SimpleRNN", 5, on=(7, 4), use_bias=False),
       expect=([4, 5], [5, 5])),
    bad("keras.layers.LSTM.set_weights", _built("keras.layers.LSTM", 5, on=(7, 4)), [A(4, 20), A(5, 20), A(5)],
        code=codes.ASSIGN_SHAPE, message="Layer lstm weight shape (20,) is not compatible with provided weight shape (5,)"),
    bad("keras.layers.Conv2D.set_weights", _built("keras.layers.Conv2D", 8, 3, on=(28, 28, 1)), [A(3, 3, 3, 8), A(8)],
        code=codes.ASSIGN_SHAPE, target="1.15",
        message="Layer weight shape (3, 3, 1, 8) not compatible with provided weight shape (3, 3, 3, 8)"),
    ok("keras.layers.Conv1D.get_weights", L("keras.layers.Conv1D", 4, 5), expect=UNKNOWN),
    ok("keras.layers.Conv3D.get_weights", L("keras.layers.Conv3D", 4, 5), expect=UNKNOWN),
    ok("keras.Sequential.set_weights",
       _sequential(L("keras.layers.Dense", 4, input_shape=(3,)), L("keras.layers.Dense", 2)),
       [A(3, 4), A(4), A(4, 2), A(2)], expect=Const(None)),
    bad("keras.Sequential.set_weights",
        _sequential(L("keras.layers.Dense", 4, input_shape=(3,)), L("keras.layers.Dense", 2)),
        [A(3, 4), A(4), A(4, 3), A(3)], code=codes.ASSIGN_SHAPE,
        message="Layer sequential weight shape (4, 2) is not compatible with provided weight shape (4, 3)."),
    bad("keras.Sequential.set_weights",
        _sequential(L("keras.layers.Dense", 4, input_shape=(3,)), L("keras.layers.Flatten"), L("keras.layers.Dense", 2)),
        [A(3, 4), A(4)], code=codes.ASSIGN_SHAPE,
        message="with a weight list of length 2, but the layer was expecting 4 weights."),
    ok("keras.Sequential.get_weights",
       _sequential(L("keras.layers.Dense", 4, input_shape=(3,)), L("keras.layers.Dropout", 0.5),
                   L("keras.layers.Dense", 2)), expect=([3, 4], [4], [4, 2], [2])),
    ok("keras.Model.set_weights", UNKNOWN, [A(3, 4)], expect=Const(None)),
    ok("keras.Model.get_weights", UNKNOWN, expect=UNKNOWN),
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 4), _declared(8, None), code=codes.UNDEFINED_DIM,
        message="Shapes used to initialize variables must be fully-defined (no `None` dimensions). Received: "
                "shape=(None, 4) for variable path='dense/kernel'"),
    ok("keras.layers.Dense.__call__", L("keras.layers.Dense", 4), _declared(None, 8), expect=[None, None, 4]),
    ok("keras.layers.Dense.__call__", L("keras.layers.Dense", 4), S(None), expect=[None, 4]),  # unknown here only
    ok("keras.layers.Flatten.__call__", L("keras.layers.Flatten"), _declared(None, 1), expect=[None, None]),
]
