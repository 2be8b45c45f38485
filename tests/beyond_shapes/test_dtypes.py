"""dtype rules (constraints/core/dtypes.py): certain dtypes only, TensorFlow's wording, the lines
that fixed each dtype.  The corpus pairs (corpus/shape/dtype) are the oracle-checked cases;
these are the edges: what converts, what stays unknown."""

from __future__ import annotations

from shapetracer.constraints import SPECS
from shapetracer.constraints.core import dtypes
from shapetracer.constraints.core.spec import CHECKS
from shapetracer.rules import codes
from shapetracer.domain.target import target_for

from tests.helpers import codes_of, findings_of

TF1 = "import numpy as np\nimport tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n"
TF2 = "import numpy as np\nimport tensorflow as tf\n"


def test_every_name_the_rules_use_is_modelled():
    names = set(CHECKS) | set(dtypes.SOURCES) | set(dtypes.KEEPERS)
    assert sorted(n for n in names if n not in SPECS) == []


def test_finding_names_the_lines_of_both_dtypes():
    found = findings_of(TF2 + "ids = tf.constant([1, 2, 3])\n"
                              "scale = tf.constant([0.5, 0.5, 0.5])\n"
                              "y = tf.multiply(ids, scale)\n")
    assert [(f.line, f.code) for f in found] == [(5, codes.DTYPE_MISMATCH)]
    assert "cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor" \
        in found[0].message
    assert [(r.line, r.message) for r in found[0].related] == [(3, "dtype int32 set here"),
                                                               (4, "dtype float32 set here")]


def test_graph_mode_words_it_as_graph_construction_does():
    found = findings_of(TF1 + "x = tf.placeholder(tf.int32, [None])\ny = x * tf.ones([3])\n")
    assert "Input 'y' of 'Mul' Op has type float32 that does not match type int32 of argument 'x'." \
        in found[0].message


def test_python_numbers_and_numpy_arrays_convert_to_the_tensors_dtype():
    assert codes_of(TF2 + "x = tf.ones([3])\ny = x * 2 + np.array([1.0, 2.0, 3.0]) - 1\n") == []
    assert codes_of(TF2 + "x = tf.range(3)\ny = x + 1\nz = x * [1, 2, 3]\n") == []
    assert codes_of(TF2 + "x = tf.range(3)\ny = x * np.array([1.5, 2.5, 3.5])\n") == []  # numpy: cast
    assert codes_of(TF2 + "x = tf.range(3)\ny = x * [1.5, 2.0, 3.0]\n") == [(4, codes.DTYPE_MISMATCH)]
    assert codes_of(TF2 + "x = tf.range(3)\ny = 0.5 * x\n") == [(4, codes.DTYPE_MISMATCH)]


def test_numpy_first_in_a_graph_mode_call_keeps_float64():
    source = "a = np.random.rand(3)\nb = tf.ones([3])\nc = tf.add(a, b)\n"
    assert codes_of(TF1 + source) == [(6, codes.DTYPE_MISMATCH)]
    assert codes_of(TF2 + source) == []  # eager converts it (probed under 2.15 and 2.21)


def test_unknown_dtypes_yield_nothing():
    # data read from a file, a user function's unknown argument, a Keras layer's output
    assert codes_of(TF2 + "x = np.load('x.npy')\ny = tf.constant(x) * tf.range(3)\n") == []
    assert codes_of(TF2 + "def f(a):\n    return a * tf.ones([3])\nprint(f(tf.range(3)))\n") \
        == [(4, codes.DTYPE_MISMATCH)]
    assert codes_of(TF2 + "def f(a):\n    return a * tf.ones([3])\n") == []


def test_the_result_of_a_clash_is_not_checked_again():
    found = codes_of(TF2 + "x = tf.range(3) * tf.ones([3])\ny = x + tf.constant([1, 2, 3])\n")
    assert found == [(3, codes.DTYPE_MISMATCH)]


def test_integer_division_result_is_float64():
    # TensorFlow 1.15, 2.15 and 2.21: int32 / int32 is float64, which a float32 tensor refuses
    assert codes_of(TF2 + "x = tf.range(3) / tf.range(1, 4)\ny = x * tf.ones([3])\n") == [(4, codes.DTYPE_MISMATCH)]
    assert codes_of(TF2 + "x = tf.range(3) / tf.range(1, 4)\ny = x * tf.ones([3], tf.float64)\n") == []


def test_labels_and_indices():
    assert codes_of(TF2 + "l = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0.0, 1.0], "
                          "logits=tf.ones([2, 3]))\n") == [(3, codes.LABEL_DTYPE)]
    assert codes_of(TF2 + "l = tf.nn.softmax_cross_entropy_with_logits(labels=tf.constant([[0, 1, 0]]), "
                          "logits=tf.ones([1, 3]))\n") == []  # TensorFlow 2 casts one-hot int labels
    assert codes_of(TF2 + "e = tf.gather(tf.ones([5, 2]), tf.argmax(tf.ones([4, 5]), 1))\n") == []
    assert codes_of(TF2 + "e = tf.one_hot(tf.cast(tf.ones([4]), tf.int32), 5)\n") == []


def test_feeds_convert_numbers_but_not_text():
    head = TF1 + "x = tf.placeholder(tf.int32, [None])\ny = x * 2\nsess = tf.Session()\n"
    assert codes_of(head + "sess.run(y, {x: [0.5, 1.5]})\n") == []  # numpy truncates silently
    assert codes_of(head + "sess.run(y, {x: ['3', '4']})\n") == []  # numpy parses digits
    assert codes_of(head + "sess.run(y, {x: ['three']})\n") == [(7, codes.FEED_DTYPE)]


def test_text_into_a_keras_model():
    model = (TF2 + "m = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(1,))])\n"
             "m.compile(optimizer='sgd', loss='mse')\n")
    assert codes_of(model + "m.predict(np.array(['a b']))\n") == [(5, codes.KERAS_TEXT_INPUT)]
    assert codes_of(model + "m.predict(np.array([[1.0]]))\n") == []
    assert codes_of(model + "m.predict(np.array([[1]]))\n") == []  # Keras 2 and 3 cast integers
    # a model that may take text: a text layer anywhere in the file; Keras 2 takes a numpy array of text
    # then, Keras 3 never does ("Invalid dtype: str96" even into a TextVectorization model)
    text_model = model + "v = tf.keras.layers.TextVectorization()\nm.predict(np.array(['a b']))\n"
    assert codes_of(text_model, target=target_for("2.15")) == []
    assert codes_of(text_model) == [(6, codes.KERAS_TEXT_INPUT)]
