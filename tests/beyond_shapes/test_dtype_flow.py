"""dtype flow from Python numbers, numpy and loaders (constraints/core/dtype_flow.py), and
Keras' casting of targets per version.  Each case was run under the real TensorFlows
(1.15, 2.15, 2.21): the comment says what they do."""

from __future__ import annotations

from shapetracer.constraints import SPECS
from shapetracer.constraints.core import dtype_flow, dtypes
from shapetracer.rules import codes
from shapetracer.domain.target import target_for
from tests.helpers import findings_of as _findings_of


def findings_of(source: str, tf_version: str | None = None) -> list:
    return _findings_of(source, **({"target": target_for(tf_version)} if tf_version else {}))


def codes_of(source: str, tf_version: str | None = None) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in findings_of(source, tf_version)]

TF1 = "import numpy as np\nimport tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n"
TF2 = "import numpy as np\nimport tensorflow as tf\n"


def test_every_name_the_rules_use_is_modelled():
    names = set(dtypes.SOURCES) | set(dtypes.KEEPERS) | dtype_flow.TRUSTED
    assert sorted(n for n in names if n not in SPECS) == []


def test_numpy_int_with_a_python_float_is_float64():
    # 1. * np.int64 is a numpy float64; tf.sqrt of it a float64 tensor; float32 / float64 fails
    source = "n = np.array([100, 50])\nx = tf.ones([3]) / tf.sqrt(1. * n[0])\n"
    assert codes_of(TF2 + source) == [(4, codes.DTYPE_MISMATCH)]
    float32 = "n = np.array([100, 50], dtype=np.float32)\nx = tf.ones([3]) / tf.sqrt(n[0])\n"
    assert codes_of(TF2 + float32) == []


def test_numpy_true_division_of_ints_is_float64():
    source = "a = np.array([1, 2]) / np.array([3, 4])\nb = tf.add_n([tf.constant([1, 2]), tf.constant(a)])\n"
    found = findings_of(TF2 + source)
    assert [(f.line, f.code) for f in found] == [(4, codes.DTYPE_MISMATCH)]
    assert "cannot compute AddN as input #1(zero-based) was expected to be a int32 tensor but is a double tensor" \
        in found[0].message


def test_a_list_of_python_ints_converted_by_an_op_is_int32():
    source = "anchors = tf.tile([(116, 90), (156, 198)], [2, 1])\ny = tf.exp(tf.zeros([4, 2])) * anchors\n"
    assert codes_of(TF2 + source) == [(4, codes.DTYPE_MISMATCH)]
    floats = "anchors = tf.tile([(116., 90.), (156., 198.)], [2, 1])\ny = tf.exp(tf.zeros([4, 2])) * anchors\n"
    assert codes_of(TF2 + floats) == []


def test_decoded_images_are_uint8_and_refuse_a_python_float():
    source = "image = tf.image.decode_png(tf.io.read_file('a.png'))\nx = image / 255.\n"
    assert codes_of(TF2 + source) == [(4, codes.DTYPE_MISMATCH)]
    assert codes_of(TF2 + "image = tf.image.decode_png(tf.io.read_file('a.png'), dtype=tf.uint16)\n"
                          "x = tf.cast(image, tf.float32) / 255.\n") == []


def test_tensorflow_true_division_of_integers_is_floating():
    # int32 / int32 is float64 (int8, int16, uint8, uint16: float32), so a float32 tensor refuses it
    assert codes_of(TF2 + "r = tf.range(4) / 2\ny = r + tf.ones([4])\n") == [(4, codes.DTYPE_MISMATCH)]
    assert codes_of(TF2 + "r = tf.cast(tf.range(4), tf.uint8) / 2\ny = r + tf.ones([4])\n") == []
    assert codes_of(TF2 + "r = tf.range(4) // 2\ny = r + tf.range(4)\n") == []  # floor division stays int32


def test_add_n_in_a_graph_says_the_types():
    found = findings_of(TF1 + "s = tf.add_n([tf.constant([1, 2]), tf.ones([2])])\n")
    assert "Tensors in list passed to 'inputs' of 'AddN' Op have types [int32, float32] that don't all match." \
        in found[0].message


def test_numpy_alone_never_clashes():
    # numpy promotes: an int array times a float array is float64, and nothing raises
    assert codes_of(TF2 + "a = np.arange(3) * np.ones(3)\nb = a / 2 + np.float32(1.5)\n") == []


CIRCLE = """import numpy as np
import tensorflow as tf
from tensorflow import keras

class Scaled(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return tf.reduce_mean(y_true * y_pred, axis=-1)

labels = np.eye(4, dtype="int32")[np.random.randint(0, 4, 32)]
model = keras.Sequential([keras.Input(shape=(16,)), keras.layers.Dense(4)])
model.compile(optimizer="adam", loss=Scaled())
model.fit(np.random.rand(32, 16).astype("float32"), labels, batch_size=8)
"""


def test_keras_2_15_keeps_integer_targets_integer_in_a_loss_subclass():
    found = findings_of(CIRCLE, tf_version="2.15")
    assert [(f.line, f.code) for f in found] == [(12, codes.DTYPE_MISMATCH)]  # raised at fit, traced
    assert [r.line for r in found[0].related if r.line == 7]  # the loss's line beside it


def test_keras_3_and_tf_1_15_hand_the_loss_float32_targets():
    assert codes_of(CIRCLE, tf_version="2.21") == []
    assert codes_of(CIRCLE, tf_version="1.15") == []
    assert codes_of(CIRCLE.replace('dtype="int32"', 'dtype="float64"'), tf_version="2.15") == []


def test_mixed_precision_leaves_outputs_uncertain():
    source = CIRCLE.replace("labels = ", "keras.mixed_precision.set_global_policy('mixed_float16')\nlabels = ")
    assert codes_of(source, tf_version="2.15") == []
