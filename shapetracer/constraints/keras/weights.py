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
LAYERS = ("Dense", "Conv1D", "Conv2D", "Conv3D", "Embedding")
MODELS = ("keras.Model", "keras.Sequential")


def _kind(layer: Value) -> str | None:
    if isinstance(layer, Obj) and layer.type_name.startswith("keras.layers."):
        return layer.type_name[len("keras.layers."):]
    return None


# --- the weights of a layer or model ----------------------------------------------------------

def layer_weights(ctx: OpContext, layer: Value) -> tuple[list[list[Dim]], bool] | None:
    """(weight shapes, whether the count is certain) of a built layer; None when unknown."""
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
    if state.spec is None:
        return None
    if kind == "Dense":
        units, depth = ctx.dim(attr(layer, "units")), state.spec.axes.get(-1)
        bias = ctx.bool(attr(layer, "use_bias"), True)
        if units is None or depth is None or bias is None:
            return None
        return [[depth, units]] + ([[units]] if bias else []), True
    if kind in CONVS:
        rank = CONVS[kind]
        kernel = int_tuple(ctx, attr(layer, "kernel_size"), rank)
        filters = ctx.dim(attr(layer, "filters"))
        last = channels_last(ctx, attr(layer, "data_format"))
        channels = state.spec.axes.get(-1 if last else 1) if last is not None else None
        if kernel is None or filters is None or channels is None:
            return None
        # use_bias is not kept on the layer: the bias is checked only when a second array is given
        return [[Dim(k) for k in kernel] + [channels, filters], [filters]], False
    return None


def model_weights(ctx: OpContext, model: Value) -> tuple[list[list[Dim]], bool] | None:
    state = model_state(model)
    if state is None or state.opaque or state.broken or not state.built:
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
    if found is None or given is None:
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
        message = Message("Layer {layer} weight shape {want_shape:keras} is not compatible with provided weight shape "
                          "{shape:keras}.", layer=name, want_shape=want, shape=have)
        if len(have) != len(want) or any(a.known and b.known and a.value != b.value for a, b in zip(have, want)):
            ctx.fail(codes.ASSIGN_SHAPE, message, [array, self])
            return UNKNOWN
        for a, b in zip(have, want):
            if not ctx.require(a.eq(b), codes.ASSIGN_SHAPE, message, [array, self, a, b]):
                return UNKNOWN
    return Const(None)


def get_weights(ctx: OpContext, self):
    found = _owner_weights(ctx, self)
    if found is None or not found[1]:
        return UNKNOWN
    return Seq([ctx.result(list(shape), "float32", label="weights of shape", kind="ndarray")
                for shape in found[0]], "list")


op(*[f"keras.layers.{kind}.set_weights" for kind in LAYERS], *[f"{m}.set_weights" for m in MODELS])(set_weights)
op(*[f"keras.layers.{kind}.get_weights" for kind in LAYERS], *[f"{m}.get_weights" for m in MODELS])(get_weights)


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
    ok("keras.layers.Conv1D.set_weights", _built("keras.layers.Conv1D", 4, 5, on=(20, 2)), [A(5, 2, 4)],
       expect=Const(None)),  # maybe use_bias=False
    ok("keras.layers.Conv3D.set_weights", _built("keras.layers.Conv3D", 2, 3, on=(8, 8, 8, 1)),
       [A(3, 3, 3, 1, 2), A(2)], expect=Const(None)),
    bad("keras.layers.Embedding.set_weights", _built("keras.layers.Embedding", 100, 8, on=(5,)), [A(100, 16)],
        code=codes.ASSIGN_SHAPE, message="Layer embedding weight shape (100, 8) is not compatible with provided "
                                         "weight shape (100, 16)."),
    ok("keras.layers.Dense.get_weights", _built("keras.layers.Dense", 4, on=(3,)), expect=([3, 4], [4])),
    ok("keras.layers.Embedding.get_weights", _built("keras.layers.Embedding", 100, 8, on=(5,)), expect=([100, 8],)),
    ok("keras.layers.Conv2D.get_weights", _built("keras.layers.Conv2D", 8, 3, on=(28, 28, 1)),
       expect=UNKNOWN),  # use_bias unknown
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
