"""TensorFlow's, Keras' and numpy's own wording of shape errors, written down once.

Reports quote the library that would raise, word for word, so a user can
search for the message they would get from TensorFlow.  Each function here
returns one such wording as a ``Message``: its template and the facts it is
rendered from (``rules.message``), named as the function's parameters.  The
specs compose it behind the op's name (``ctx.msg(messages.dims_must_be_equal(a, b),
" (input shapes: {a_shape:tf}, {b_shape:tf})", ...)``) and add context of their own.
Dims print as ``3`` or ``?``; shapes in the rendering the library uses.
"""

from __future__ import annotations

from typing import Any

from shapetracer.rules.message import Message

# --- TensorFlow: shape inference (tensorflow/core/framework/shape_inference.cc) -----------------


def dims_must_be_equal(a: Any, b: Any) -> Message:
    """``InferenceContext::Merge`` of two dims (and BroadcastBinaryOpShapeFn, MatMul's inner
    dims, every ``WithValue``): "Dimensions must be equal, but are 1024 and 3136"."""
    return Message("Dimensions must be equal, but are {a} and {b}", a=a, b=b)


def shape_must_be_rank(want: Any, got: Any) -> Message:
    """``InferenceContext::WithRank``: "Shape must be rank 2 but is rank 3"."""
    return Message("Shape must be rank {want_rank} but is rank {rank}", want_rank=want, rank=got)


def shape_must_be_at_least_rank(want: Any, got: Any) -> Message:
    """``InferenceContext::WithRankAtLeast``: "Shape must be at least rank 3 but is rank 2"."""
    return Message("Shape must be at least rank {want_rank} but is rank {rank}", want_rank=want, rank=got)


def shape_must_be_at_most_rank(want: Any, got: Any) -> Message:
    """``InferenceContext::WithRankAtMost``: "Shape must be at most rank 2 but is rank 3"."""
    return Message("Shape must be at most rank {want_rank} but is rank {rank}", want_rank=want, rank=got)


def shapes_must_be_equal_rank(a: Any, b: Any) -> Message:
    """``InferenceContext::Merge`` of two shapes of different rank:
    "Shapes must be equal rank, but are 2 and 3"."""
    return Message("Shapes must be equal rank, but are {rank_a} and {rank_b}", rank_a=a, rank_b=b)


def dimension_in_both_shapes(index: Any, a: Any, b: Any, first: Any, second: Any) -> Message:
    """``InferenceContext::Merge`` of two shapes that disagree in one dim: "Dimension 0 in
    both shapes must be equal, but are 480 and 478. Shapes are [480,720,3] and [478,717,3]."
    (``first`` and ``second``: the shapes, or their dims)."""
    return Message("Dimension {index} in both shapes must be equal, but are {a} and {b}. Shapes are "
                   "{shape_a:tf} and {shape_b:tf}.", index=index, a=a, b=b, shape_a=first, shape_b=second)


def evenly_divisible(divisor: Any, size: Any) -> Message:
    """``InferenceContext::Divide`` (split, reshape's -1): "Dimension size must be evenly
    divisible by 2 but is 9"."""
    return Message("Dimension size must be evenly divisible by {divisor} but is {size}", divisor=divisor, size=size)


def negative_dimension(span: Any, size: Any) -> Message:
    """``GetWindowedOutputSizeFromDimsV2`` (tensorflow/core/framework/common_shape_fns.cc), a
    VALID window longer than its input: "Negative dimension size caused by subtracting 3 from 1"."""
    return Message("Negative dimension size caused by subtracting {span} from {size}", span=span, size=size)


# --- TensorFlow: reshape (array_ops.cc SetOutputShapeForReshape; kernels/reshape_op.h) ----------


def cannot_reshape(count_in: Any, target: Any, count_out: Any) -> Message:
    """``SetOutputShapeForReshape`` with both sizes known: "Cannot reshape a tensor with 6
    elements to shape [4] (4 elements)" (``target``: the requested shape or its dims)."""
    return Message("Cannot reshape a tensor with {count_in} elements to shape {new_shape:tf} ({count_out} elements)",
                   count_in=count_in, new_shape=target, count_out=count_out)


def reshape_input_has(values: Any, requested: Any) -> Message:
    """The Reshape kernel (``ReshapeOp::Compute``): "Input to reshape is a tensor with 6 values,
    but the requested shape has 4" (the counts as the factors they print: ``[6]``, ``[None, 3136]``
    for ``?*3136``)."""
    return Message("Input to reshape is a tensor with {values:product} values, but the requested shape has "
                   "{requested:product}", values=values, requested=requested)


def reshape_input_multiple(values: Any, factor: Any) -> Message:
    """The Reshape kernel with a -1 (``ReshapeOp::Compute``): "Input to reshape is a tensor
    with 15 values, but the requested shape requires a multiple of 10" (counts as factors)."""
    return Message("Input to reshape is a tensor with {values:product} values, but the requested shape requires a "
                   "multiple of {factor:product}", values=values, factor=factor)


# --- TensorFlow: kernels and the Python client -----------------------------------------------


def incompatible_shapes(a: Any, b: Any) -> Message:
    """``BCast`` in the binary-op kernels (tensorflow/core/kernels/cwise_ops_common.h), eager
    mode: "Incompatible shapes: [32,10] vs. [16]" (the shapes, or their dims)."""
    return Message("Incompatible shapes: {shape_a:tf} vs. {shape_b:tf}", shape_a=a, shape_b=b)


def cannot_feed(given: Any, tensor: Any, declared: Any) -> Message:
    """``BaseSession._run`` (tensorflow/python/client/session.py): "Cannot feed value of shape
    (32, 28, 28) for Tensor x:0, which has shape (?, 784)"."""
    return Message("Cannot feed value of shape {fed_shape:tuple} for Tensor {tensor}, which has shape "
                   "{declared_shape:tuple}", fed_shape=given, tensor=tensor, declared_shape=declared)


# --- Keras: InputSpec (keras/src/layers/input_spec.py; Keras 2: keras/engine/input_spec.py) ----


def keras_input_incompatible(index: Any, layer: Any, input_name: Any = None) -> Message:
    """The head of ``assert_input_compatibility``'s errors, up to the reason.  Keras 3 names
    the input: "Input 0 with name 'None' of layer 'dense' is incompatible with the layer: ";
    Keras 2 (``input_name=None``): 'Input 0 of layer "dense" is incompatible with the layer: '."""
    if input_name is None:
        return Message('Input {input_index} of layer "{layer}" is incompatible with the layer: ',
                       input_index=index, layer=layer)
    return Message("Input {input_index} with name '{input_name}' of layer '{layer}' is incompatible with the "
                   "layer: ", input_index=index, input_name=input_name, layer=layer)


def keras_input_incompatible_tf1(index: Any, layer: Any) -> Message:
    """The head under TensorFlow 1.15's tf.keras (tensorflow/python/keras/engine/input_spec.py),
    the layer's name unquoted: "Input 0 of layer conv2d is incompatible with the layer: "."""
    return Message("Input {input_index} of layer {layer} is incompatible with the layer: ",
                   input_index=index, layer=layer)


def keras_expected_axis_tf1(axis: Any, value: Any, shape: Any) -> Message:
    """TensorFlow 1.15's tf.keras axis reason, without the comma and with a TensorShape list:
    "expected axis -1 of input shape to have value 4 but received input with shape [None, 10, 10, 3]"."""
    return Message("expected axis {axis} of input shape to have value {value} but received input with shape "
                   "{shape:tensorshape}", axis=axis, value=value, shape=shape)


def keras_input_incompatible_keras231(index: Any, layer: Any) -> Message:
    """keras 2.3.1's head (keras/engine/base_layer.py): "Input 0 is incompatible with layer
    conv2d_1: " (its reasons print no full shape)."""
    return Message("Input {input_index} is incompatible with layer {layer}: ", input_index=index, layer=layer)


def keras_expected_axis_keras231(axis: Any, value: Any, shape: Any) -> Message:
    """keras 2.3.1's axis reason (keras/engine/base_layer.py), after its own head "Input 0 is
    incompatible with layer conv2d_1: ": "expected axis -1 of input shape to have value 4
    but got shape (None, 10, 10, 3)"."""
    return Message("expected axis {axis} of input shape to have value {value} but got shape {shape:keras}",
                   axis=axis, value=value, shape=shape)


def keras_expected_ndim(kind: str, want: Any, found: Any, full: Any = None, style: str = "keras") -> Message:
    """``assert_input_compatibility``'s rank reasons: "expected ndim=3, found ndim=2. Full shape
    received: (None, 10)"; ``kind`` is ``ndim``, ``min_ndim`` or ``max_ndim`` (Keras prints no
    full shape for max_ndim: pass ``full=None``); ``style``: how the full shape prints
    (``keras``, or TensorFlow 1.15's ``tensorshape``)."""
    text = Message("expected {ndim_kind}={want_ndim}, found ndim={ndim}",
                   ndim_kind=kind, want_ndim=want, ndim=found)
    shown = {"keras": ". Full shape received: {shape:keras}",
             "tensorshape": ". Full shape received: {shape:tensorshape}"}[style]
    return text if full is None else text + Message(shown, shape=full)


def keras_expected_axis(axis: Any, value: Any, shape: Any) -> Message:
    """``assert_input_compatibility``'s axis reason: "expected axis -1 of input shape to have
    value 784, but received input with shape (None, 28, 28)"."""
    return Message("expected axis {axis} of input shape to have value {value}, but received input with shape "
                   "{shape:keras}", axis=axis, value=value, shape=shape)


# --- numpy (numpy/_core: broadcasting, AxisError, indexing, scalar conversion) -------------------


def np_cannot_broadcast(shapes: Any, noun: str = "shapes") -> Message:
    """numpy's broadcasting error (``PyArray_MultiIterNew``): "operands could not be broadcast
    together with shapes (3,) (4,)"; np.repeat says ``shape`` (``shapes``: the operands' shapes)."""
    return Message("operands could not be broadcast together with " + noun + " {shapes:nps}", shapes=shapes)


def np_cannot_broadcast_remapped(shapes: Any, requested: Any = None) -> Message:
    """numpy's broadcasting error for a requested shape (einsum, np.pad): "operands could not
    be broadcast together with remapped shapes [original->remapped]: (3,)  and requested
    shape (2,2)" (``requested``: that shape, when there is one)."""
    text = Message("operands could not be broadcast together with remapped shapes [original->remapped]: "
                   "{shapes:nps}", shapes=shapes)
    return text if requested is None else text + Message("  and requested shape {requested:np}", requested=requested)


def np_axis_out_of_bounds(axis: Any, ndim: Any) -> Message:
    """numpy's ``AxisError``: "axis 2 is out of bounds for array of dimension 2"."""
    return Message("axis {axis} is out of bounds for array of dimension {ndim}", axis=axis, ndim=ndim)


def np_index_out_of_bounds(index: Any, axis: Any, size: Any) -> Message:
    """numpy's ``IndexError`` for an integer index: "index 3 is out of bounds for axis 0 with
    size 2".  The ``raises`` fact makes the finding an index error in the failure taxonomy
    (``Finding.category``): TensorFlow's out-of-range index is an op's shape error, numpy's is
    Python's IndexError, and the failed-job study counts it as the latter."""
    return Message("index {index} is out of bounds for axis {axis} with size {size}", index=index, axis=axis,
                   size=size, raises="IndexError")


def np_only_scalar_arrays() -> Message:
    """numpy 2.x's ``TypeError`` when ``float()``/``int()`` meets an array with more than one
    element: "only 0-dimensional arrays can be converted to Python scalars"."""
    return Message("only 0-dimensional arrays can be converted to Python scalars")


# --- dtypes (constraints/core/dtypes.py) -------------------------------------------------------

def input_type_mismatch(op: Any, y_arg: Any, y_type: Any, x_arg: Any, x_type: Any) -> Message:
    """``op_def_library._apply_op_helper`` while a graph is built (TF1, tf.function): "Input 'y'
    of 'Mul' Op has type float32 that does not match type int32 of argument 'x'."."""
    return Message("Input '{y_arg}' of '{kernel}' Op has type {y_type} that does not match type {x_type} of "
                   "argument '{x_arg}'.", y_arg=y_arg, kernel=op, y_type=y_type, x_type=x_type, x_arg=x_arg)


def cannot_compute(op: Any, index: Any, want: Any, got: Any) -> Message:
    """The eager executor (``EagerExecute``) on inputs of mixed dtypes, with the kernel's short
    dtype names: "cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor
    but is a float tensor"."""
    return Message("cannot compute {kernel} as input #{input_index}(zero-based) was expected to be a {want_type} "
                   "tensor but is a {got_type} tensor", kernel=op, input_index=index, want_type=want, got_type=got)


def list_types_dont_match(arg: Any, op: Any, types: Any) -> Message:
    """``_apply_op_helper`` for a list input (concat, stack): "Tensors in list passed to 'values'
    of 'ConcatV2' Op have types [int32, float32] that don't all match." (``types``: the dtypes)."""
    return Message("Tensors in list passed to '{arg}' of '{kernel}' Op have types [{types:join}] that don't all "
                   "match.", arg=arg, kernel=op, types=types)


def same_dtype_required(x_type: Any, y_type: Any) -> Message:
    """``math_ops.truediv`` (``/``): "`x` and `y` must have the same dtype, got tf.int32 != tf.float32."."""
    return Message("`x` and `y` must have the same dtype, got tf.{x_type} != tf.{y_type}.", x_type=x_type,
                   y_type=y_type)


def dtype_not_allowed(arg: Any, dtype: Any, allowed: Any) -> Message:
    """``_apply_op_helper`` for a type attr (graph mode): "Value passed to parameter 'indices' has
    DataType float32 not in list of allowed values: int32, int64" (``allowed``: the dtypes)."""
    return Message("Value passed to parameter '{arg}' has DataType {dtype} not in list of allowed values: "
                   "{allowed:join}", arg=arg, dtype=dtype, allowed=allowed)


def attr_not_allowed(attr: Any, dtype: Any, allowed: Any) -> Message:
    """The eager executor for a type attr: "Value for attr 'Tindices' of float is not in the
    list of allowed values: int16, int32, int64" (``allowed``: the values)."""
    return Message("Value for attr '{attr}' of {dtype} is not in the list of allowed values: {allowed:join}",
                   attr=attr, dtype=dtype, allowed=allowed)


def np_cannot_convert_string(text: Any, integer: bool) -> Message:
    """numpy converting a feed to the placeholder's dtype: "could not convert string to float:
    'abc'" (float dtypes), "invalid literal for int() with base 10: 'abc'" (integer dtypes)."""
    if integer:
        return Message("invalid literal for int() with base 10: {text!r}", text=text)
    if text is None:
        return Message("could not convert string to float")
    return Message("could not convert string to float: {text!r}", text=text)


def keras_invalid_dtype(kind: Any) -> Message:
    """Keras 3's data adapters on a numpy array of text: "Invalid dtype: str416"."""
    return Message("Invalid dtype: {dtype}", dtype=kind)


def cast_string_unsupported() -> Message:
    """Keras 2's first layer casting text (TensorFlow 2.x, UnimplementedError): "Cast string
    to float is not supported"."""
    return Message("Cast string to float is not supported")


def expected_bool_condition(op: Any, dtype: Any) -> Message:
    """``_apply_op_helper`` for a fixed-type input: "Input 'condition' of 'Select' Op has type
    int32 that does not match expected type of bool."."""
    return Message("Input 'condition' of '{kernel}' Op has type {dtype} that does not match expected type of "
                   "{want_type}.", kernel=op, dtype=dtype, want_type="bool")


# The literal wordings above; no other module under constraints spells them out
# (tests/test_op_examples.py checks).
WORDINGS = (
    "Dimensions must be equal, but are",
    "Shape must be rank",
    "Shape must be at least rank",
    "Shape must be at most rank",
    "Shapes must be equal rank",
    "in both shapes must be equal",
    "Dimension size must be evenly divisible",
    "Negative dimension size caused by subtracting",
    "Cannot reshape a tensor with",
    "Input to reshape is a tensor with",
    "Incompatible shapes:",
    "Cannot feed value of shape",
    "is incompatible with the layer",
    "Full shape received",
    "of input shape to have value",
    "operands could not be broadcast together with",
    "is out of bounds for array of dimension",
    "is out of bounds for axis",
    "only 0-dimensional arrays can be converted",
    "that does not match type",
    "(zero-based) was expected to be a",
    "that don't all match",
    "must have the same dtype, got",
    "not in list of allowed values",
    "is not in the list of allowed values",
    "that does not match expected type of",
    "could not convert string to float",
    "invalid literal for int() with base",
    "Invalid dtype: ",
    "Cast string to float is not supported",
)
