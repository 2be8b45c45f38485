"""The shape-error classifier used by the oracle (a plain unit test, no TensorFlow)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from verdict import API_ERRORS, headline, is_expected_error, is_shape_error  # noqa: E402

VALUE = ["ValueError", "Exception", "BaseException", "object"]
INVALID = ["InvalidArgumentError", "OpError", "Exception", "BaseException", "object"]


@pytest.mark.parametrize("mro,message", [
    (VALUE, "Dimensions must be equal, but are 3 and 5 for '{{node MatMul}}'"),
    (VALUE, "Cannot feed value of shape (4,) for Tensor Placeholder:0, which has shape (None, 4)"),
    (INVALID, "Input to reshape is a tensor with 6272 values, but the requested shape requires a multiple of 1024"),
    (VALUE, "cannot reshape array of size 6 into shape (4,)"),
    (VALUE, "setting an array element with a sequence. The requested array has an inhomogeneous shape"),
    (VALUE, "Negative dimension size caused by subtracting 5 from 3"),
    (VALUE, "Shape must be rank 2 but is rank 3 for 'MatMul'"),
    (INVALID, "Graph execution error:\n\nDetected at node 'Reshape' defined at (most recent call last):\n"
              "  File \"a.py\", line 3\n\nOnly one input size may be -1, not both 0 and 1\n"),
    (["TypeError", "Exception"], "only 0-dimensional arrays can be converted to Python scalars"),
    (["TypeError", "Exception"], "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(3, 5), "
                                 "dtype=tf.float32, name=None) to TensorSpec(shape=(None, 4), dtype=tf.float32, "
                                 "name=None)`. Received args: (<tf.Tensor: shape=(3, 5)>,)"),
    (VALUE, "Exception encountered when calling Sequential.call().\n\n\x1b[1mInvalid input shape for "
            "input Tensor(\"data:0\", shape=(16, 28, 28)). Expected shape (None, 784)\x1b[0m\n\n"
            "Arguments received by Sequential.call():\n  \u2022 inputs=tf.Tensor(shape=(16, 28, 28))"),
])
def test_shape_errors_are_recognised(mro, message):
    assert is_shape_error(mro, message)


@pytest.mark.parametrize("mro,message", [
    (["NameError", "Exception"], "name 'W' is not defined"),
    (["TypeError", "Exception"], "unsupported operand type(s) for +: 'int' and 'str'"),
    # the same shape, another dtype: a dtype clash, not a shape error
    (["TypeError", "Exception"], "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(3, 4), "
                                 "dtype=tf.int32, name=None) to TensorSpec(shape=(None, 4), dtype=tf.float32, "
                                 "name=None)`."),
    (VALUE, "could not convert string to float: 'abc'"),
    (["AttributeError", "Exception"], "module 'tensorflow' has no attribute 'layers'"),
    (VALUE, "Exception encountered when calling Dense.call().\n\nunsupported callable\n\n"
            "Arguments received by Dense.call():\n  \u2022 inputs=tf.Tensor(shape=(2, 3))"),
    (INVALID, "Graph execution error:\n\nDetected at node 'ReadFile':\n  File \"a.py\", line 3, in reshape\n"
              "\nNotFoundError-like: file data.bin not found\n"),
])
def test_other_errors_are_not_shape_errors(mro, message):
    assert not is_shape_error(mro, message)


def test_headline_skips_runtime_wrapping():
    message = ("Graph execution error:\n\nDetected at node 'Reshape' defined at:\n"
               "  File \"prog.py\", line 9, in <module>\n\n"
               "Input to reshape is a tensor with 6272 values, but the requested shape "
               "requires a multiple of 1024\n\t [[{{node Reshape}}]]")
    assert headline(message).startswith("Input to reshape is a tensor with 6272 values")


def test_headline_of_a_keras2_traced_error():
    # Keras 2 in TensorFlow 2.15 re-raises errors of the traced train_function this way.
    message = ("in user code:\n\n    File \"/site-packages/keras/src/engine/training.py\", line 1401, "
               "in train_function  *\n        return step_function(self, iterator)\n\n"
               "    ValueError: Input 0 of layer \"sequential\" is incompatible with the layer: "
               "expected shape=(None, 784), found shape=(None, 28)\n")
    assert headline(message).startswith('Input 0 of layer "sequential" is incompatible')
    assert is_shape_error(["ValueError", "Exception"], message)


def test_headline_of_a_keras2_layer_error_inside_a_traced_model():
    message = ("in user code:\n\n    File \"training.py\", line 1150, in train_step\n"
               "        y_pred = self(x, training=True)\n\n"
               "    ValueError: Exception encountered when calling layer 'model' (type Functional).\n    \n"
               "    Input 0 of layer \"conv2d\" is incompatible with the layer: expected axis -1 of input shape "
               "to have value 3, but received input with shape (10, 32, 32, 1)\n    \n"
               "    Call arguments received by layer 'model' (type Functional):\n")
    assert headline(message).startswith('Input 0 of layer "conv2d" is incompatible')


# --- API changes (ST4xx): the exception an API change raises, per code -----------------------

ATTRIBUTE = ["AttributeError", "Exception", "BaseException", "object"]
NO_MODULE = ["ModuleNotFoundError", "ImportError", "Exception", "BaseException", "object"]
IMPORT = ["ImportError", "Exception", "BaseException", "object"]
TYPE = ["TypeError", "Exception", "BaseException", "object"]


@pytest.mark.parametrize("code,mro,message", [
    ("ST401", ATTRIBUTE, "module 'tensorflow' has no attribute 'placeholder'"),
    ("ST401", ATTRIBUTE, "module 'tensorflow._api.v2.train' has no attribute 'AdamOptimizer'"),
    ("ST402", NO_MODULE, "No module named 'tensorflow.contrib'"),
    ("ST402", NO_MODULE, "No module named 'keras.layers.convolutional'"),
    ("ST402", IMPORT, "cannot import name 'np_utils' from 'keras.utils' (/site-packages/keras/utils/__init__.py)"),
    ("ST403", ATTRIBUTE, "'Sequential' object has no attribute 'predict_classes'"),
    ("ST404", TYPE, "reduce_sum() got an unexpected keyword argument 'keep_dims'"),
    ("ST404", TYPE, "dropout_v2() got an unexpected keyword argument 'keep_prob'"),
    # TensorFlow's dispatch wrapper words it without the function's name
    ("ST404", TYPE, "Got an unexpected keyword argument 'keep_dims'"),
    ("ST404", TYPE, "concat() missing 1 required positional argument: 'axis'"),
    ("ST404", TYPE, "zeros() takes from 1 to 3 positional arguments but 4 were given"),
    # a Keras 1 layer keyword: Keras 2 and Keras 3 words
    ("ST404", TYPE, "('Keyword argument not understood:', 'border_mode')"),
    ("ST404", VALUE, "Unrecognized keyword arguments passed to Conv2D: {'border_mode': 'same'}"),
])
def test_api_change_errors_are_recognised(code, mro, message):
    assert is_expected_error(code, mro, message)


@pytest.mark.parametrize("code,mro,message", [
    # the right words under the wrong type, or the other way round
    ("ST401", VALUE, "module 'tensorflow' has no attribute 'placeholder'"),
    ("ST401", ATTRIBUTE, "'Sequential' object has no attribute 'predict_classes'"),
    ("ST403", ATTRIBUTE, "module 'tensorflow' has no attribute 'placeholder'"),
    ("ST402", NO_MODULE, "module 'tensorflow' has no attribute 'contrib'"),
    ("ST402", ATTRIBUTE, "No module named 'tensorflow.contrib'"),
    ("ST404", TYPE, "unsupported operand type(s) for +: 'int' and 'str'"),
    ("ST404", VALUE, "Argument(s) not recognized: {'lr': 0.01}"),
    ("ST404", VALUE, "Input 0 of layer \"dense\" is incompatible with the layer: expected axis -1 of input shape"),
    # an API-change error is no shape error, and a shape error no API change
    ("ST101", ATTRIBUTE, "module 'tensorflow' has no attribute 'placeholder'"),
    ("ST401", VALUE, "Dimensions must be equal, but are 3 and 5 for '{{node MatMul}}'"),
])
def test_other_errors_are_not_that_api_change(code, mro, message):
    assert not is_expected_error(code, mro, message)


def test_every_api_rule_has_an_expected_error():
    from shapetracer.rules.codes import RULES
    assert set(API_ERRORS) == {code for code, rule in RULES.items() if rule.family == "api"}


def _variant(kind):
    import projects_meta
    project = projects_meta.load_project(projects_meta.PROJECTS_ROOT / "sidl_vgg_input_size")
    return projects_meta.Variant(project, kind)


RAISED_AT_LABEL = {"status": "raised", "mro": VALUE, "entry": "train.py",
                   "message": "Dimensions must be equal, but are 512 and 392 for 'MatMul'",
                   "project_frame": ["cnn_models/vggnet16.py", 26]}


def test_project_bug_must_raise_at_the_labelled_file_and_line():
    from verdict import judge_variant
    assert judge_variant(_variant("bug"), RAISED_AT_LABEL, "1.15") is None
    elsewhere = dict(RAISED_AT_LABEL, project_frame=["train.py", 26])
    assert "raised at train.py:26" in judge_variant(_variant("bug"), elsewhere, "1.15")
    no_frame = dict(RAISED_AT_LABEL, project_frame=None)
    assert "no frame inside the project" in judge_variant(_variant("bug"), no_frame, "1.15")
    key_error = dict(RAISED_AT_LABEL, mro=["KeyError", "LookupError", "Exception"], message="'x'")
    assert "a shape error" in judge_variant(_variant("bug"), key_error, "1.15")
    assert "a clean run" in judge_variant(_variant("bug"), {"status": "ok", "entry": "train.py"}, "1.15")


def test_project_twin_must_run():
    from verdict import judge_variant
    assert judge_variant(_variant("ok"), {"status": "ok", "entry": "train.py"}, "1.15") is None
    assert "expected every entry point to run" in judge_variant(_variant("ok"), RAISED_AT_LABEL, "1.15")
