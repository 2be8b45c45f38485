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

from shapetracer.domain import codes
from shapetracer.constraints._common import dtype_name
from shapetracer.constraints._keras import (
    InputSpec, L, S, attr, auto_name, build_spec, channels_last, kdims, layer_call,
    new_layer, register_input, result, shape_of_arg,
)
from shapetracer.domain.dims import Dim
from shapetracer.constraints.examples import T, bad, ok
from shapetracer.constraints.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Const, DictVal, Obj, Tensor

# --- Input ---------------------------------------------------------------------------------


def _batch_shape(ctx: OpContext, shape, batch_size, batch_shape) -> list[Dim] | None:
    """The full shape of a Keras input; ``None`` entries (and the batch) are fresh dims."""
    if batch_shape is not None and not ctx.is_none(batch_shape):
        dims = shape_of_arg(ctx, batch_shape)
        if dims is None:
            return None
        return [d if d is not None else ctx.fresh("batch" if i == 0 else "d") for i, d in enumerate(dims)]
    dims = shape_of_arg(ctx, shape)
    if dims is None:
        return None
    size = ctx.dim(batch_size) if not ctx.is_none(batch_size) else None
    return [size or ctx.fresh("batch")] + [d if d is not None else ctx.fresh() for d in dims]


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
def dense(ctx: OpContext, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
          bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
          kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None,
          quantization_config=None, **kwargs):
    return new_layer(ctx, "keras.layers.Dense", {"units": units, "activation": activation,
                                                 "use_bias": use_bias}, kwargs)


@layer_call("keras.layers.Dense", InputSpec(min_ndim=2))
def dense_call(ctx: OpContext, layer, x: Tensor, data: bool, *args, **kwargs):
    """Contracts the last axis with a kernel ``[input_dim, units]`` fixed at build."""
    build_spec(layer, InputSpec(min_ndim=2, axes={-1: x.shape.dims[-1]}), ctx.site)
    units = ctx.dim(attr(layer, "units"))
    return result(ctx, layer, list(x.shape.dims[:-1]) + [units or ctx.fresh("units")])


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
    return result(ctx, layer, [x.shape.dims[0], size if size.known else ctx.fresh("flat")], x.dtype)


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
    received = f"Received: input_shape={kdims(rest)}, target_shape={kdims(target)}"
    if -1 not in target:
        if size != math.prod(target):
            ctx.fail(codes.RESHAPE_SIZE, f"The total size of the tensor must be unchanged. {received}", [x])
            return ctx.unknown_tensor(x.dtype)
        return result(ctx, layer, out + target, x.dtype)
    known = math.prod(t for t in target if t != -1)
    if known == 0 or size % known:
        ctx.fail(codes.RESHAPE_SIZE, "The total size of the tensor must be unchanged, however, the input size cannot by "
                          f"divided by the specified dimensions in target_shape. {received}", [x])
        return ctx.unknown_tensor(x.dtype)
    return result(ctx, layer, out + [t if t != -1 else size // known for t in target], x.dtype)


@op("keras.layers.Permute")
def permute(ctx: OpContext, dims, **kwargs):
    order = ctx.int_list(dims)
    if order is not None and sorted(order) != list(range(1, len(order) + 1)):
        ctx.fail(codes.BAD_PERMUTATION, "Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` "
                          f"must be consecutive and start from 1. Received dims={kdims(order)}")
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

_INITIALIZERS = ["GlorotUniform", "GlorotNormal", "HeNormal", "HeUniform", "LecunNormal", "LecunUniform",
                 "RandomNormal", "RandomUniform", "TruncatedNormal", "Zeros", "Ones", "Constant", "Orthogonal",
                 "VarianceScaling", "Identity"]
# TF1-style initializer objects: tf.zeros_initializer(), tf.random_normal_initializer(stddev=...)
_TF_INITIALIZERS = ["zeros", "ones", "constant", "random_normal", "random_uniform", "truncated_normal",
                    "glorot_uniform", "glorot_normal", "orthogonal", "variance_scaling", "he_normal", "he_uniform",
                    "lecun_normal", "lecun_uniform", "identity", "uniform_unit_scaling"]
_INITIALIZER_NAMES = ([f"{m}.{n}" for m in ("keras.initializers", "tf.initializers") for n in _INITIALIZERS]
                      + [f"tf.{n}_initializer" for n in _TF_INITIALIZERS]
                      + [f"tf.initializers.{n}" for n in _TF_INITIALIZERS]
                      + [f"keras.initializers.{n}" for n in _TF_INITIALIZERS])
_CONFIG = (_INITIALIZER_NAMES
           + [f"keras.regularizers.{n}" for n in ("l1", "l2", "l1_l2", "L1", "L2", "L1L2", "OrthogonalRegularizer")]
           + [f"keras.constraints.{n}" for n in ("MaxNorm", "NonNeg", "UnitNorm", "MinMaxNorm", "max_norm")])
_NO_RESULT = ["keras.backend.clear_session", "keras.utils.set_random_seed", "keras.mixed_precision.set_global_policy",
              "keras.utils.plot_model", "keras.config.set_floatx", "keras.backend.set_floatx",
              "keras.config.enable_unsafe_deserialization"]


def _config(ctx: OpContext, *args, **kwargs):
    """Initializers, regularizers and constraints configure weights, not shapes."""
    return Obj(ctx.api, {}, ctx.site)


def _no_result(ctx: OpContext, *args, **kwargs):
    """Session and global settings: nothing shape-related happens."""
    return Const(None)


op(*_CONFIG)(_config)
op(*_NO_RESULT)(_no_result)


@op(*(f"{name}.__call__" for name in _INITIALIZER_NAMES))
def initializer_call(ctx: OpContext, self, shape, dtype=None, **kwargs):
    """An initializer called directly (custom training loops): a tensor of ``shape``."""
    return ctx.result(ctx.concrete_shape(shape), "float32", label="initialized as")


EXAMPLES = [
    ok("keras.initializers.GlorotUniform.__call__", L("keras.initializers.GlorotUniform"), [6, 16],
       expect=[6, 16]),
    ok("tf.initializers.Zeros.__call__", L("tf.initializers.Zeros"), shape=(3,), expect=[3]),
    ok("tf.random_normal_initializer.__call__", L("tf.random_normal_initializer"), [64, 4], expect=[64, 4]),
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
        code=codes.KERAS_INPUT),
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 10, built=(None, 5)), T(2, 6), code=codes.KERAS_INPUT),
    bad("keras.layers.Dense.__call__", L("keras.layers.Dense", 3), T(5), code=codes.KERAS_INPUT),
    ok("keras.layers.Dropout.__call__", L("keras.layers.Dropout", 0.5), S(7, 3), expect=[None, 7, 3]),
    ok("keras.layers.Activation.__call__", L("keras.layers.Activation", "relu"), S(4), expect=[None, 4]),
    ok("keras.layers.Flatten.__call__", L("keras.layers.Flatten"), S(7, 7, 64), expect=[None, 3136]),
    ok("keras.layers.Flatten.__call__", L("keras.layers.Flatten"), S(None, 5), expect=[None, None]),
    ok("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (28, 28, 1)), S(784),
       expect=[None, 28, 28, 1]),
    ok("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (-1, 2)), S(10), expect=[None, 5, 2]),
    bad("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (3, 3)), S(10), code=codes.RESHAPE_SIZE),
    bad("keras.layers.Reshape.__call__", L("keras.layers.Reshape", (-1, 3)), S(10), code=codes.RESHAPE_SIZE),
    ok("keras.layers.Permute.__call__", L("keras.layers.Permute", (2, 1)), S(4, 5), expect=[None, 5, 4]),
    bad("keras.layers.Permute", (2, 3), code=codes.BAD_PERMUTATION),
    bad("keras.layers.Permute", (0, 1), code=codes.BAD_PERMUTATION),
    ok("keras.layers.RepeatVector.__call__", L("keras.layers.RepeatVector", 3), S(4), expect=[None, 3, 4]),
    bad("keras.layers.RepeatVector.__call__", L("keras.layers.RepeatVector", 3), S(4, 5), code=codes.KERAS_INPUT),
    ok("keras.layers.Embedding.__call__", L("keras.layers.Embedding", 1000, 64), S(10),
       expect=[None, 10, 64]),
    ok("keras.layers.Embedding.__call__", L("keras.layers.Embedding", 100, 8, input_length=10), S(10),
       expect=[None, 10, 8]),
    ok("keras.layers.Lambda.__call__", L("keras.layers.Lambda", None, output_shape=(3,)), S(4),
       expect=[None, 3]),
    ok("keras.layers.Resizing.__call__", L("keras.layers.Resizing", 8, 9), S(4, 5, 3), expect=[None, 8, 9, 3]),
    ok("keras.layers.Rescaling.__call__", L("keras.layers.Rescaling", 1 / 255), S(4, 5), expect=[None, 4, 5]),
]
