"""TensorFlow's, Keras' and numpy's own wording of shape errors, written down once.

Reports quote the library that would raise, word for word, so a user can
search for the message they would get from TensorFlow.  Each function here
returns one such wording with its values filled in; the specs add the op's
name in front (``f"{ctx.display}: " + ...``) and their own context behind.
The functions format their arguments exactly as an f-string would (dims print
as ``3`` or ``?``), so a message built here is the same text the spec used to
spell out itself.
"""

from __future__ import annotations

from typing import Any

# --- TensorFlow: shape inference (tensorflow/core/framework/shape_inference.cc) -----------------


def dims_must_be_equal(a: Any, b: Any) -> str:
    """``InferenceContext::Merge`` of two dims (and BroadcastBinaryOpShapeFn, MatMul's inner
    dims, every ``WithValue``): "Dimensions must be equal, but are 1024 and 3136"."""
    return f"Dimensions must be equal, but are {a} and {b}"


def shape_must_be_rank(want: Any, got: Any) -> str:
    """``InferenceContext::WithRank``: "Shape must be rank 2 but is rank 3"."""
    return f"Shape must be rank {want} but is rank {got}"


def shape_must_be_at_least_rank(want: Any, got: Any) -> str:
    """``InferenceContext::WithRankAtLeast``: "Shape must be at least rank 3 but is rank 2"."""
    return f"Shape must be at least rank {want} but is rank {got}"


def shape_must_be_at_most_rank(want: Any, got: Any) -> str:
    """``InferenceContext::WithRankAtMost``: "Shape must be at most rank 2 but is rank 3"."""
    return f"Shape must be at most rank {want} but is rank {got}"


def shapes_must_be_equal_rank(a: Any, b: Any) -> str:
    """``InferenceContext::Merge`` of two shapes of different rank:
    "Shapes must be equal rank, but are 2 and 3"."""
    return f"Shapes must be equal rank, but are {a} and {b}"


def dimension_in_both_shapes(index: Any, a: Any, b: Any, first: Any, second: Any) -> str:
    """``InferenceContext::Merge`` of two shapes that disagree in one dim: "Dimension 0 in
    both shapes must be equal, but are 480 and 478. Shapes are [480,720,3] and [478,717,3]."
    (``first`` and ``second`` are already rendered)."""
    return f"Dimension {index} in both shapes must be equal, but are {a} and {b}. Shapes are {first} and {second}."


def evenly_divisible(divisor: Any, size: Any) -> str:
    """``InferenceContext::Divide`` (split, reshape's -1): "Dimension size must be evenly
    divisible by 2 but is 9"."""
    return f"Dimension size must be evenly divisible by {divisor} but is {size}"


def negative_dimension(span: Any, size: Any) -> str:
    """``GetWindowedOutputSizeFromDimsV2`` (tensorflow/core/framework/common_shape_fns.cc), a
    VALID window longer than its input: "Negative dimension size caused by subtracting 3 from 1"."""
    return f"Negative dimension size caused by subtracting {span} from {size}"


# --- TensorFlow: reshape (array_ops.cc SetOutputShapeForReshape; kernels/reshape_op.h) ----------


def cannot_reshape(count_in: Any, target: Any, count_out: Any) -> str:
    """``SetOutputShapeForReshape`` with both sizes known: "Cannot reshape a tensor with 6
    elements to shape [4] (4 elements)" (``target`` already rendered)."""
    return f"Cannot reshape a tensor with {count_in} elements to shape {target} ({count_out} elements)"


def reshape_input_has(values: Any, requested: Any) -> str:
    """The Reshape kernel (``ReshapeOp::Compute``): "Input to reshape is a tensor with 6 values,
    but the requested shape has 4"."""
    return f"Input to reshape is a tensor with {values} values, but the requested shape has {requested}"


def reshape_input_multiple(values: Any, factor: Any) -> str:
    """The Reshape kernel with a -1 (``ReshapeOp::Compute``): "Input to reshape is a tensor
    with 15 values, but the requested shape requires a multiple of 10"."""
    return f"Input to reshape is a tensor with {values} values, but the requested shape requires a multiple of {factor}"


# --- TensorFlow: kernels and the Python client -----------------------------------------------


def incompatible_shapes(a: Any, b: Any) -> str:
    """``BCast`` in the binary-op kernels (tensorflow/core/kernels/cwise_ops_common.h), eager
    mode: "Incompatible shapes: [32,10] vs. [16]" (shapes already rendered)."""
    return f"Incompatible shapes: {a} vs. {b}"


def cannot_feed(given: Any, tensor: Any, declared: Any) -> str:
    """``BaseSession._run`` (tensorflow/python/client/session.py): "Cannot feed value of shape
    (32, 28, 28) for Tensor x:0, which has shape (?, 784)" (shapes already rendered)."""
    return f"Cannot feed value of shape {given} for Tensor {tensor}, which has shape {declared}"


# --- Keras: InputSpec (keras/src/layers/input_spec.py; Keras 2: keras/engine/input_spec.py) ----


def keras_input_incompatible(index: Any, layer: Any, input_name: Any = None) -> str:
    """The head of ``assert_input_compatibility``'s errors, up to the reason.  Keras 3 names
    the input: "Input 0 with name 'None' of layer 'dense' is incompatible with the layer: ";
    Keras 2 (``input_name=None``): 'Input 0 of layer "dense" is incompatible with the layer: '."""
    if input_name is None:
        return f'Input {index} of layer "{layer}" is incompatible with the layer: '
    return f"Input {index} with name '{input_name}' of layer '{layer}' is incompatible with the layer: "


def keras_input_incompatible_tf1(index: Any, layer: Any) -> str:
    """The head under TensorFlow 1.15's tf.keras (tensorflow/python/keras/engine/input_spec.py),
    the layer's name unquoted: "Input 0 of layer conv2d is incompatible with the layer: "."""
    return f"Input {index} of layer {layer} is incompatible with the layer: "


def keras_expected_axis_tf1(axis: Any, value: Any, shape: Any) -> str:
    """TensorFlow 1.15's tf.keras axis reason, without the comma and with a TensorShape list:
    "expected axis -1 of input shape to have value 4 but received input with shape [None, 10, 10, 3]"."""
    return f"expected axis {axis} of input shape to have value {value} but received input with shape {shape}"


def keras_input_incompatible_keras231(index: Any, layer: Any) -> str:
    """keras 2.3.1's head (keras/engine/base_layer.py): "Input 0 is incompatible with layer
    conv2d_1: " (its reasons print no full shape)."""
    return f"Input {index} is incompatible with layer {layer}: "


def keras_expected_axis_keras231(axis: Any, value: Any, shape: Any) -> str:
    """keras 2.3.1's axis reason (keras/engine/base_layer.py), after its own head "Input 0 is
    incompatible with layer conv2d_1: ": "expected axis -1 of input shape to have value 4
    but got shape (None, 10, 10, 3)"."""
    return f"expected axis {axis} of input shape to have value {value} but got shape {shape}"


def keras_expected_ndim(spec: Any, found: Any, full: Any = None) -> str:
    """``assert_input_compatibility``'s rank reasons: "expected ndim=3, found ndim=2. Full shape
    received: (None, 10)"; ``spec`` is ``ndim=3``, ``min_ndim=4`` or ``max_ndim=5`` (Keras
    prints no full shape for max_ndim: pass ``full=None``)."""
    text = f"expected {spec}, found ndim={found}"
    return text if full is None else f"{text}. Full shape received: {full}"


def keras_expected_axis(axis: Any, value: Any, shape: Any) -> str:
    """``assert_input_compatibility``'s axis reason: "expected axis -1 of input shape to have
    value 784, but received input with shape (None, 28, 28)"."""
    return f"expected axis {axis} of input shape to have value {value}, but received input with shape {shape}"


# --- numpy (numpy/_core: broadcasting, AxisError, indexing, scalar conversion) -------------------


def np_cannot_broadcast(shapes: Any, noun: str = "shapes") -> str:
    """numpy's broadcasting error (``PyArray_MultiIterNew``): "operands could not be broadcast
    together with shapes (3,) (4,)"; np.repeat says ``shape``."""
    return f"operands could not be broadcast together with {noun} {shapes}"


def np_cannot_broadcast_remapped(shapes: Any) -> str:
    """numpy's broadcasting error for a requested shape (einsum, np.pad): "operands could not
    be broadcast together with remapped shapes [original->remapped]: (3,)  and requested
    shape (2,2)"."""
    return f"operands could not be broadcast together with remapped shapes [original->remapped]: {shapes}"


def np_axis_out_of_bounds(axis: Any, ndim: Any) -> str:
    """numpy's ``AxisError``: "axis 2 is out of bounds for array of dimension 2"."""
    return f"axis {axis} is out of bounds for array of dimension {ndim}"


def np_index_out_of_bounds(index: Any, axis: Any, size: Any) -> str:
    """numpy's ``IndexError`` for an integer index: "index 3 is out of bounds for axis 0 with
    size 2"."""
    return f"index {index} is out of bounds for axis {axis} with size {size}"


def np_only_scalar_arrays() -> str:
    """numpy 2.x's ``TypeError`` when ``float()``/``int()`` meets an array with more than one
    element: "only 0-dimensional arrays can be converted to Python scalars"."""
    return "only 0-dimensional arrays can be converted to Python scalars"


# --- dtypes (constraints/core/dtypes.py) -------------------------------------------------------

def input_type_mismatch(op: Any, y_arg: Any, y_type: Any, x_arg: Any, x_type: Any) -> str:
    """``op_def_library._apply_op_helper`` while a graph is built (TF1, tf.function): "Input 'y'
    of 'Mul' Op has type float32 that does not match type int32 of argument 'x'."."""
    return f"Input '{y_arg}' of '{op}' Op has type {y_type} that does not match type {x_type} of argument '{x_arg}'."


def cannot_compute(op: Any, index: Any, want: Any, got: Any) -> str:
    """The eager executor (``EagerExecute``) on inputs of mixed dtypes, with the kernel's short
    dtype names: "cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor
    but is a float tensor"."""
    return f"cannot compute {op} as input #{index}(zero-based) was expected to be a {want} tensor but is a {got} tensor"


def list_types_dont_match(arg: Any, op: Any, types: Any) -> str:
    """``_apply_op_helper`` for a list input (concat, stack): "Tensors in list passed to 'values'
    of 'ConcatV2' Op have types [int32, float32] that don't all match."."""
    return f"Tensors in list passed to '{arg}' of '{op}' Op have types [{types}] that don't all match."


def same_dtype_required(x_type: Any, y_type: Any) -> str:
    """``math_ops.truediv`` (``/``): "`x` and `y` must have the same dtype, got tf.int32 != tf.float32."."""
    return f"`x` and `y` must have the same dtype, got tf.{x_type} != tf.{y_type}."


def dtype_not_allowed(arg: Any, dtype: Any, allowed: Any) -> str:
    """``_apply_op_helper`` for a type attr (graph mode): "Value passed to parameter 'indices' has
    DataType float32 not in list of allowed values: int32, int64"."""
    return f"Value passed to parameter '{arg}' has DataType {dtype} not in list of allowed values: {allowed}"


def attr_not_allowed(attr: Any, dtype: Any, allowed: Any) -> str:
    """The eager executor for a type attr: "Value for attr 'Tindices' of float is not in the
    list of allowed values: int16, int32, int64"."""
    return f"Value for attr '{attr}' of {dtype} is not in the list of allowed values: {allowed}"


def np_cannot_convert_string(text: Any, integer: bool) -> str:
    """numpy converting a feed to the placeholder's dtype: "could not convert string to float:
    'abc'" (float dtypes), "invalid literal for int() with base 10: 'abc'" (integer dtypes)."""
    if integer:
        return f"invalid literal for int() with base 10: {text!r}"
    return "could not convert string to float" + (f": {text!r}" if text is not None else "")


def keras_invalid_dtype(kind: Any) -> str:
    """Keras 3's data adapters on a numpy array of text: "Invalid dtype: str416"."""
    return f"Invalid dtype: {kind}"


def cast_string_unsupported() -> str:
    """Keras 2's first layer casting text (TensorFlow 2.x, UnimplementedError): "Cast string
    to float is not supported"."""
    return "Cast string to float is not supported"


def expected_bool_condition(op: Any, dtype: Any) -> str:
    """``_apply_op_helper`` for a fixed-type input: "Input 'condition' of 'Select' Op has type
    int32 that does not match expected type of bool."."""
    return f"Input 'condition' of '{op}' Op has type {dtype} that does not match expected type of bool."


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
