"""Keras core layers: Input/InputLayer, Dense, Flatten, Reshape, Permute,
RepeatVector, Lambda, Embedding, Resizing/CenterCrop, and the layers that
keep their input's shape (Activation, Dropout, noise, activations,
Rescaling, Normalization, random augmentation …).

Reference: Keras 3 as shipped with TensorFlow 2.21 (keras/src/layers/core,
reshaping, preprocessing): Dense's InputSpec is ``min_ndim=2`` and, once
built, ``axes={-1: input_dim}``, so a second call with another last dim fails
"Input 0 with name 'None' of layer 'dense' is incompatible with the layer:
expected axis -1 of input shape to have value 784, but received input with
shape (None, 28, 28)".  Reshape words a size mismatch "The total size of the
tensor must be unchanged. Received: input_shape=(10,), target_shape=(3, 3)";
Permute rejects bad ``dims`` when constructed.

A Lambda layer runs the user's function on the input (as Keras 3 does to
infer its output); an unknown function gives an unknown shape.
"""

from __future__ import annotations

import math

from shapetracer.rules.message import Message, join
from shapetracer.rules import codes
from shapetracer.constraints.core.common import dtype_name
from shapetracer.constraints.keras.machinery import (
    InputSpec, L, S, attr, auto_name, build_spec, channels_last, image_data_format, keras1_interface,
    layer_call, layer_name, new_layer, register_input, result, set_image_data_format, shape_of_arg,
    state_of,
)
from shapetracer.domain.dims import Dim, statically_none
from shapetracer.constraints.core.examples import A, T, bad, instance_of, ok
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.constraints.tf.ops.initializers import (
    INITIALIZER_CLASSES, TF1_INITIALIZERS, configuration, initializer_call,
)
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Tensor

# --- Input ---------------------------------------------------------------------------------


def _batch_shape(ctx: OpContext, shape, batch_size, batch_shape) -> list[Dim] | None:
    """The full shape of a Keras input; ``None`` entries (and the batch) are fresh dims."""
    if batch_shape is not None and not ctx.is_none(batch_shape):
        dims = shape_of_arg(ctx, batch_shape)
        if dims is None:
            return None
        return [d if d is not None else ctx.fresh("batch") if i == 0 else _unknown(ctx, batch_shape, i, i)
                for i, d in enumerate(dims)]
    dims = shape_of_arg(ctx, shape)
    if dims is None:
        return None
    size = ctx.dim(batch_size) if not ctx.is_none(batch_size) else None
    return [size or ctx.fresh("batch")] + [d if d is not None else _unknown(ctx, shape, i, i + 1)
                                           for i, d in enumerate(dims)]


def _unknown(ctx: OpContext, shape, index: int, axis: int) -> Dim:
    """A dim of the shape argument that is not a known int: one the program declares None
    (Keras and TensorFlow do not know it either, named like a declared-None dim), or one
    only the analysis does not know."""
    items = ctx.items(shape)
    if items is not None and index < len(items) and ctx.is_none(items[index]):
        return ctx.fresh(f"keras_input.shape[{axis}]")
    return ctx.fresh()


@op("keras.Input", "keras.layers.Input")
def keras_input(ctx: OpContext, shape=None, batch_size=None, dtype=None, sparse=None, ragged=None,
                batch_shape=None, name=None, tensor=None, optional=False):
    dims = _batch_shape(ctx, shape, batch_size, batch_shape)
    x = ctx.result(dims, dtype_name(dtype, "float32"), label="keras.Input declared as")
    register_input(x, ctx.str(name) or auto_name(ctx, "input_layer"))
    return x


@op("keras.layers.InputLayer")
def input_layer(ctx: OpContext, shape=None, batch_size=None, dtype=None, sparse=None, ragged=None,
                batch_shape=None, input_tensor=None, optional=False, name=None, **kwargs):
    shape = kwargs.get("input_shape", shape)
    batch_shape = kwargs.get("batch_input_shape", batch_shape)
    layer = new_layer(ctx, "keras.layers.InputLayer", {}, {"name": name})
    if isinstance(input_tensor, Tensor):
        x = input_tensor
    else:
        x = ctx.result(_batch_shape(ctx, shape, batch_size, batch_shape), dtype_name(dtype, "float32"),
                       label="InputLayer declared as")
    register_input(x, layer.attrs["name"].value)
    layer.attrs["output"] = x
    return layer


# --- Dense ------------------------------------------------------------------------------------


@op("keras.layers.Dense")
@keras1_interface("dense")
def dense(ctx: OpContext, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
          bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
          kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None,
          quantization_config=None, **kwargs):
    return new_layer(ctx, "keras.layers.Dense", {"units": units, "activation": activation,
                                                 "use_bias": use_bias}, kwargs)


@layer_call("keras.layers.Dense", InputSpec(min_ndim=2))
def dense_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Contracts the last axis with a kernel ``[input_dim, units]`` fixed at build."""
    if state_of(layer).spec is None and statically_none(x.shape.dims[-1]):
        undefined_kernel(ctx, layer, x)
        return ctx.unknown_tensor(x.dtype)
    build_spec(layer, InputSpec(min_ndim=2, axes={-1: x.shape.dims[-1]}), ctx.site)
    units = ctx.dim(attr(layer, "units"))
    return result(ctx, layer, list(x.shape.dims[:-1]) + [units or ctx.fresh("units")])


def undefined_kernel(ctx: OpContext, layer: Obj, x: Tensor) -> None:
    """Report the kernel a Dense layer cannot create (the caller checked the dim is declared None)."""
    if ctx.target.keras2:
        words = Message("The last dimension of the inputs to a Dense layer should be defined. Found None. "
                        "Full input shape received: {shape:keras}", shape=x.shape)
    else:
        units = ctx.int(attr(layer, "units"))
        words = Message("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                        "Received: shape=(None, {units!s}) for variable path='{layer}/kernel'", units=units,
                        layer=layer_name(layer))
    ctx.fail(codes.UNDEFINED_DIM, words, [x, layer.origin])


# --- layers that keep their input's shape -------------------------------------------------------

PASS_THROUGH = [
    "Activation", "Dropout", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D", "GaussianNoise",
    "GaussianDropout", "AlphaDropout", "ActivityRegularization", "ReLU", "LeakyReLU", "PReLU", "ELU",
    "ThresholdedReLU", "Softmax", "Masking", "Rescaling", "Normalization", "RandomFlip", "RandomRotation",
    "RandomZoom", "RandomContrast", "RandomTranslation", "RandomBrightness", "Identity", "UnitNormalization",
]


def _pass_through_ctor(type_name: str):
    def construct(ctx: OpContext, *args, **kwargs):
        """Shape-preserving layer: its arguments (rates, factors) do not affect shapes."""
        return new_layer(ctx, type_name, {}, kwargs)

    construct.__name__ = f"keras_{type_name.rsplit('.', 1)[-1]}"
    return construct


def _pass_through_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    return ctx.same_shape(x)


for _cls in PASS_THROUGH:
    _name = f"keras.layers.{_cls}"
    op(_name)(_pass_through_ctor(_name))
    layer_call(_name)(_pass_through_call)


@op("keras.layers.Normalization.adapt", "keras.layers.TextVectorization.adapt")
def normalization_adapt(ctx: OpContext, self, data, batch_size=None, steps=None):
    return Const(None)


# --- Flatten, Reshape, Permute, RepeatVector -------------------------------------------------------


@op("keras.layers.Flatten")
def flatten(ctx: OpContext, data_format=None, **kwargs):
    return new_layer(ctx, "keras.layers.Flatten", {"data_format": data_format}, kwargs)


@layer_call("keras.layers.Flatten", InputSpec(min_ndim=1))
def flatten_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    rest = x.shape.dims[1:]
    if not rest:
        return result(ctx, layer, [x.shape.dims[0], 1], x.dtype)
    size = Dim(1)
    for dim in rest:
        size = size * dim
    if not size.known:  # a None axis stays None to Keras: keep it declared None
        size = ctx.fresh(f"{layer_name(layer)}.shape[1]") if any(statically_none(d) for d in rest) \
            else ctx.fresh("flat")
    return result(ctx, layer, [x.shape.dims[0], size], x.dtype)


@op("keras.layers.Reshape")
def reshape(ctx: OpContext, target_shape, **kwargs):
    return new_layer(ctx, "keras.layers.Reshape", {"target_shape": target_shape}, kwargs)


@layer_call("keras.layers.Reshape")
def reshape_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """keras compute_reshape_output_shape on the non-batch axes."""
    target = ctx.int_list(attr(layer, "target_shape"))
    if target is None:
        return ctx.unknown_tensor(x.dtype)
    rest = x.shape.dims[1:]
    out: list[Dim | int | None] = [x.shape.dims[0]]
    if not all(d.known for d in rest) or target.count(-1) > 1:
        return result(ctx, layer, out + [t if t != -1 else None for t in target], x.dtype)
    size = math.prod(d.value for d in rest)
    received = Message("Received: input_shape={shape:keras}, target_shape={target_shape:keras}", shape=rest,
                       target_shape=target)
    if -1 not in target:
        if size != math.prod(target):
            ctx.fail(codes.RESHAPE_SIZE, join("The total size of the tensor must be unchanged. ", received), [x])
            return ctx.unknown_tensor(x.dtype)
        return result(ctx, layer, out + target, x.dtype)
    known = math.prod(t for t in target if t != -1)
    if known == 0 or size % known:
        ctx.fail(codes.RESHAPE_SIZE, join("The total size of the tensor must be unchanged, however, the input size "
                                          "cannot by divided by the specified dimensions in target_shape. ", received),
                 [x])
        return ctx.unknown_tensor(x.dtype)
    return result(ctx, layer, out + [t if t != -1 else size // known for t in target], x.dtype)


@op("keras.layers.Permute")
def permute(ctx: OpContext, dims, **kwargs):
    order = ctx.int_list(dims)
    if order is not None and sorted(order) != list(range(1, len(order) + 1)):
        ctx.fail(codes.BAD_PERMUTATION, Message("Invalid permutation argument `dims` for Permute Layer. The set of "
                                                "indices in `dims` must be consecutive and start from 1. Received "
                                                "dims={dims:keras}", dims=order))
        return UNKNOWN
    return new_layer(ctx, "keras.layers.Permute", {"dims": dims}, kwargs)


@layer_call("keras.layers.Permute")
def permute_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    order = ctx.int_list(attr(layer, "dims"))
    if order is None or len(order) != x.shape.rank - 1:
        return ctx.unknown_tensor(x.dtype)
    return result(ctx, layer, [x.shape.dims[0]] + [x.shape.dims[i] for i in order], x.dtype)


@op("keras.layers.RepeatVector")
def repeat_vector(ctx: OpContext, n, **kwargs):
    return new_layer(ctx, "keras.layers.RepeatVector", {"n": n}, kwargs)


@layer_call("keras.layers.RepeatVector", InputSpec(ndim=2))
def repeat_vector_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    n = ctx.dim(attr(layer, "n"))
    return result(ctx, layer, [x.shape.dims[0], n or ctx.fresh("n"), x.shape.dims[1]], x.dtype)


# --- Lambda, Embedding ---------------------------------------------------------------------------------


@op("keras.layers.Lambda")
def lambda_layer(ctx: OpContext, function, output_shape=None, mask=None, arguments=None, **kwargs):
    return new_layer(ctx, "keras.layers.Lambda", {"function": function, "output_shape": output_shape,
                                                  "arguments": arguments}, kwargs)


@layer_call("keras.layers.Lambda")
def lambda_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Runs the user's function on the input; its result is the layer's output."""
    extra = attr(layer, "arguments")
    named = {k.value: v for k, v in extra.entries if isinstance(k, Const)} if isinstance(extra, DictVal) else {}
    value = ctx.call(attr(layer, "function"), x, **named)
    if isinstance(value, Tensor) and value.shape.dims is not None:
        return value
    declared = shape_of_arg(ctx, attr(layer, "output_shape"))
    if declared is not None:
        return result(ctx, layer, [x.shape.dims[0]] + declared, x.dtype)
    return value if value is not UNKNOWN else ctx.unknown_tensor(x.dtype)


@op("keras.layers.Embedding")
def embedding(ctx: OpContext, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
              embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, lora_alpha=None,
              quantization_config=None, **kwargs):
    return new_layer(ctx, "keras.layers.Embedding", {"input_dim": input_dim, "output_dim": output_dim}, kwargs)


@layer_call("keras.layers.Embedding")
def embedding_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """A lookup: every index becomes an ``output_dim`` vector."""
    width = ctx.dim(attr(layer, "output_dim"))
    return result(ctx, layer, list(x.shape.dims) + [width or ctx.fresh("output_dim")], "float32")


# --- Resizing, CenterCrop -------------------------------------------------------------------------------


@op("keras.layers.Resizing", "keras.layers.CenterCrop")
def resizing(ctx: OpContext, height, width, *args, data_format=None, **kwargs):
    type_name = ctx.api
    return new_layer(ctx, type_name, {"height": height, "width": width, "data_format": data_format}, kwargs)


def _resize_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Images ``(b, h, w, c)`` (or one image ``(h, w, c)``) get the new height and width."""
    last = channels_last(ctx, attr(layer, "data_format"))
    if x.shape.rank not in (3, 4) or last is None:
        return ctx.unknown_tensor(x.dtype)
    dims = list(x.shape.dims)
    first = x.shape.rank - 3 + (0 if last else 1)
    dims[first] = ctx.dim(attr(layer, "height")) or ctx.fresh("height")
    dims[first + 1] = ctx.dim(attr(layer, "width")) or ctx.fresh("width")
    return result(ctx, layer, dims, "float32")


layer_call("keras.layers.Resizing")(_resize_call)
layer_call("keras.layers.CenterCrop")(_resize_call)


# --- configuration helpers that never touch shapes ----------------------------------------------

# keras.initializers are the classes tf.initializers holds (tf/ops/initializers), with the
# same specs.
_INITIALIZER_NAMES = [f"keras.initializers.{n}" for n in INITIALIZER_CLASSES + TF1_INITIALIZERS]
_CONFIG = (_INITIALIZER_NAMES
           + [f"keras.regularizers.{n}" for n in ("l1", "l2", "l1_l2", "L1", "L2", "L1L2", "OrthogonalRegularizer")]
           + [f"keras.constraints.{n}" for n in ("MaxNorm", "NonNeg", "UnitNorm", "MinMaxNorm", "max_norm")])
_NO_RESULT = ["keras.backend.clear_session", "keras.utils.set_random_seed", "keras.mixed_precision.set_global_policy",
              "keras.utils.plot_model", "keras.config.set_floatx", "keras.backend.set_floatx",
              "keras.config.enable_unsafe_deserialization"]


def _no_result(ctx: OpContext, *args, **kwargs):
    """Session and global settings: nothing shape-related happens."""
    return Const(None)


op(*_CONFIG)(configuration)
op(*_NO_RESULT)(_no_result)


op(*(f"{name}.__call__" for name in _INITIALIZER_NAMES))(initializer_call)


# --- the program-wide image data format -----------------------------------------------------------
# Keras 1 named the layouts by backend: "tf" (channels last) and "th" (Theano, channels first).
_DIM_ORDERING = {"tf": "channels_last", "th": "channels_first"}


@op("keras.backend.image_data_format", "keras.config.image_data_format")
def get_image_data_format(ctx: OpContext):
    """"channels_last" unless the program set it (keras.json is taken at its default)."""
    fmt = image_data_format()
    return Const(fmt) if fmt is not None else UNKNOWN


@op("keras.backend.set_image_data_format", "keras.config.set_image_data_format")
def put_image_data_format(ctx: OpContext, data_format):
    set_image_data_format(ctx, ctx.str(data_format))
    return Const(None)


@op("keras.backend.image_dim_ordering")
def get_image_dim_ordering(ctx: OpContext):
    """Keras 1's name of the format: "tf" or "th"."""
    fmt = image_data_format()
    return Const("th" if fmt == "channels_first" else "tf") if fmt is not None else UNKNOWN


@op("keras.backend.set_image_dim_ordering")
def put_image_dim_ordering(ctx: OpContext, dim_ordering):
    set_image_data_format(ctx, _DIM_ORDERING.get(ctx.str(dim_ordering) or ""))
    return Const(None)


# Arguments the pass-through layers are usually built with.
_PASS_THROUGH_ARGS = {
    "Activation": ("relu",), "Dropout": (0.5,), "SpatialDropout1D": (0.2,), "SpatialDropout2D": (0.2,),
    "SpatialDropout3D": (0.2,), "GaussianNoise": (0.1,), "GaussianDropout": (0.1,), "AlphaDropout": (0.1,),
    "Rescaling": (1 / 255,), "RandomFlip": ("horizontal",), "RandomRotation": (0.1,), "RandomZoom": (0.1,),
    "RandomContrast": (0.2,), "RandomTranslation": (0.1, 0.1), "RandomBrightness": (0.2,),
}

EXAMPLES = [
    ok("keras.initializers.GlorotUniform.__call__", L("keras.initializers.GlorotUniform"), [6, 16],
       expect=[6, 16]),
    ok("keras.Input", shape=(28, 28), expect=[None, 28, 28]),
    ok("keras.Input", (784,), batch_size=32, expect=[32, 784]),
    ok("keras.layers.Input", batch_shape=(None, 10, 3), expect=[None, 10, 3]),
    ok("keras.layers.Dense.__call__", L("keras.layers.Dense", 10), S(784), expect=[None, 10]),
    ok("keras.layers.Dense.__call__", L("keras.layers.Dense", 10), S(5, 784), expect=[None, 5, 10]),
    ok("keras.layers.Dense.__call__", L("keras.layers.Dense", 10, built=(None, 784)), S(784),
       expect=[None, 10]),
    ok("keras.layers.Dense.__call__", L("keras.layers.Dense", 10, built=(None, 784)), T(None, None),
       expect=[None, 10]),
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 10, built=(None, 784)), S(28, 28),
        code=codes.KERAS_INPUT, message="expected axis -1 of input shape to have value 784, but received input"),
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 10, built=(None, 5)), T(2, 6), code=codes.KERAS_INPUT,
        message="expected axis -1 of input shape to have value 5, but received input"),
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 3), T(5), code=codes.KERAS_INPUT,
        message="expected min_ndim=2, found ndim=1"),
    ok("keras.layers.Dropout.__call__", L("keras.layers.Dropout", 0.5), S(7, 3), expect=[None, 7, 3]),
    ok("keras.layers.Activation.__call__", L("keras.layers.Activation", "relu"), S(4), expect=[None, 4]),
    ok("keras.layers.Flatten.__call__", L("keras.layers.Flatten"), S(7, 7, 64), expect=[None, 3136]),
    ok("keras.layers.Flatten.__call__", L("keras.layers.Flatten"), S(None, 5), expect=[None, None]),
    ok("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (28, 28, 1)), S(784),
       expect=[None, 28, 28, 1]),
    ok("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (-1, 2)), S(10), expect=[None, 5, 2]),
    bad("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (3, 3)), S(10), code=codes.RESHAPE_SIZE,
        message="The total size of the tensor must be unchanged"),
    bad("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (-1, 3)), S(10), code=codes.RESHAPE_SIZE,
        message="The total size of the tensor must be unchanged, however, the input size"),
    ok("keras.layers.Permute.__call__", L("keras.layers.Permute", (2, 1)), S(4, 5), expect=[None, 5, 4]),
    bad("keras.layers.Permute", (2, 3), code=codes.BAD_PERMUTATION,
        message="Invalid permutation argument `dims` for Permute Layer"),
    bad("keras.layers.Permute", (0, 1), code=codes.BAD_PERMUTATION,
        message="Invalid permutation argument `dims` for Permute Layer"),
    ok("keras.layers.RepeatVector.__call__", L("keras.layers.RepeatVector", 3), S(4), expect=[None, 3, 4]),
    bad("keras.layers.RepeatVector.__call__", L("keras.layers.RepeatVector", 3), S(4, 5), code=codes.KERAS_INPUT,
        message="expected ndim=2, found ndim=3"),
    ok("keras.layers.Embedding.__call__", L("keras.layers.Embedding", 1000, 64), S(10),
       expect=[None, 10, 64]),
    ok("keras.layers.Embedding.__call__", L("keras.layers.Embedding", 100, 8, input_length=10), S(10),
       expect=[None, 10, 8]),
    ok("keras.layers.Lambda.__call__", L("keras.layers.Lambda", None, output_shape=(3,)), S(4),
       expect=[None, 3]),
    ok("keras.layers.Resizing.__call__", L("keras.layers.Resizing", 8, 9), S(4, 5, 3), expect=[None, 8, 9, 3]),
    ok("keras.layers.Rescaling.__call__", L("keras.layers.Rescaling", 1 / 255), S(4, 5), expect=[None, 4, 5]),
    # every layer that keeps its input's shape (its arguments set rates and factors)
    *[ok(f"keras.layers.{cls}.__call__", L(f"keras.layers.{cls}", *_PASS_THROUGH_ARGS.get(cls, ())), S(6, 4),
         expect=[None, 6, 4]) for cls in PASS_THROUGH],
    ok("keras.layers.InputLayer", shape=(28, 28), expect=instance_of("keras.layers.InputLayer")),
    ok("keras.layers.CenterCrop.__call__", L("keras.layers.CenterCrop", 24, 20), S(32, 32, 3),
       expect=[None, 24, 20, 3]),
    ok("keras.layers.Normalization.adapt", L("keras.layers.Normalization"), A(100, 4), expect=Const(None)),
    ok("keras.layers.TextVectorization.adapt", Obj("keras.layers.TextVectorization"), A(100), expect=Const(None)),
    # initializers, regularizers and constraints are configuration objects of their own type
    *[ok(name, expect=instance_of(name)) for name in _CONFIG],
    ok("keras.initializers.RandomNormal", stddev=0.05, expect=instance_of("keras.initializers.RandomNormal")),
    *[ok(name, *args, expect=Const(None)) for name, args in (
        ("keras.backend.clear_session", ()), ("keras.utils.set_random_seed", (42,)),
        ("keras.mixed_precision.set_global_policy", ("mixed_float16",)), ("keras.utils.plot_model", (UNKNOWN,)),
        ("keras.config.set_floatx", ("float16",)), ("keras.backend.set_floatx", ("float64",)),
        ("keras.config.enable_unsafe_deserialization", ()))],
    # the program-wide image data format: Keras' default unless the program sets it
    ok("keras.backend.image_data_format", expect="channels_last"),
    ok("keras.config.image_data_format", expect="channels_last"),
    ok("keras.backend.image_dim_ordering", expect="tf"),
    ok("keras.backend.set_image_data_format", "channels_last", expect=Const(None)),
    ok("keras.config.set_image_data_format", "channels_last", expect=Const(None)),
    ok("keras.backend.set_image_dim_ordering", "tf", expect=Const(None)),
    # keras 2.3.1 (standalone, TensorFlow 1.15 target) converts Keras 1's output_dim
    ok("keras.layers.Dense", output_dim=10, target="keras-2.3.1", expect=instance_of("keras.layers.Dense", units=10)),
    ok("keras.layers.Dense", output_dim=10, target="2.21", expect=UNKNOWN),  # TypeError there: units is missing
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 10, built=(None, 784)), T(None, 28), target="1.15",
        code=codes.KERAS_INPUT, message="Input 0 of layer dense is incompatible with the layer: expected axis -1 of "
                                        "input shape to have value 784 but received input with shape [None, 28]"),

]
