"""Re-analysis tells a fix that removes a failure from one that moves it (each case a
pattern of the corpus, where such a fix passed re-analysis and failed under TensorFlow),
and does not hold against a fix what every correct graph of two placeholders reads as."""

from __future__ import annotations

import dataclasses

from shapetracer import fixes
from shapetracer.rules.findings import Finding
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source
from shapetracer.fixes import verify
from shapetracer.fixes.sizes import constants
from shapetracer.fixes.context import FixContext
from shapetracer.constraints.core.spec import possible_failure
from shapetracer.rules.message import Message

PATH = "example.py"


def _options(version: str = "2.21") -> Options:
    return Options(generic=False, possible_failures=True, target=target_for(version, source="test"))


def _candidates(source: str, code: str, options: Options):
    result = check_source(source.encode(), PATH, None, options)
    finding = next(f for f in result.findings if f.code == code)
    return result, finding, fixes.candidates(finding, source, PATH, result.shape_log)


def _accepted(source: str, code: str, options: Options) -> dict[str, bool]:
    result, finding, candidates = _candidates(source, code, options)
    return {fix.message: verify.verdict(fix, finding, result.findings, source, PATH, None, options) is not None
            for fix in candidates}


ELEMENTWISE = (
    "import numpy as np\n"
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "N_OUT = 6\n"
    "X = tf.placeholder(tf.float32, [None, 4])\n"
    "W = tf.Variable(tf.zeros([4, N_OUT]))\n"
    "h = tf.multiply(X, W)\n"
    "with tf.Session() as sess:\n"
    "    sess.run(tf.global_variables_initializer())\n"
    "    print(sess.run(h, {X: np.ones((2, 4), np.float32)}))\n"
)


def test_a_size_changed_so_that_the_op_fails_again_at_run_is_refused():
    # N_OUT = 4 makes [?, 4] * [4, 4] build, but Session.run feeds 2 rows: the new failure
    # at the run involves the fixed line itself (not the edited one), so the fix moved it
    accepted = _accepted(ELEMENTWISE, "ST103", _options())
    assert accepted["Set 6 to 4 on line 4"] is False
    assert accepted["Use tf.matmul for the product on line 7"] is True


SAME_ARRAY_TWICE = (
    "import numpy as np\n"
    "from tensorflow import keras\n"
    "from tensorflow.keras import layers\n"
    "images = np.zeros((64, 28, 28), 'float32')\n"
    "digits = np.zeros(64, 'int64')\n"
    "model = keras.Sequential([layers.Conv2D(8, 3, input_shape=(28, 28, 1)), layers.Flatten(), layers.Dense(10)])\n"
    "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
    "model.fit(images, digits, epochs=1, verbose=0)\n"
    "print(model.predict(images[:2]))\n"
)


def test_a_fix_at_one_use_of_a_wrong_array_is_refused_when_the_next_use_fails_alike():
    # TF 1.15's Keras checks the rank: the axis added at fit leaves predict failing on the same
    # conflict (the array's line, the model's input), which the fixed finding's conflict shares
    options = _options("1.15")
    accepted = _accepted(SAME_ARRAY_TWICE, "ST117", options)
    assert accepted["Add a trailing axis to `images` on line 8"] is False
    assert accepted["Add a trailing axis to `images` where it is made on line 4"] is True  # both uses


UNROLLED = (
    "import numpy as np\n"
    "def roll(params, n_in, hidden, n_out):\n"
    "    split = hidden * n_in\n"
    "    theta1 = params[:split].reshape(hidden, n_in + 1)\n"
    "    theta2 = params[split:].reshape(n_out, hidden + 1)\n"
    "    return theta1, theta2\n"
    "roll(np.zeros(12 * 21 + 4 * 13), 20, 12, 4)\n"
)


def test_a_minus_one_that_hides_a_wrong_length_is_refused():
    # numpy's reshape finding names no related line: the lines binding what its line reads
    # stand in, and the next slice of the same vector (same `split`) fails after the -1
    accepted = _accepted(UNROLLED, "ST126", _options()) if _has(UNROLLED, "ST126") \
        else _accepted(UNROLLED, "ST104", _options())
    assert accepted["Let the reshape infer `n_in + 1` (-1) on line 4"] is False


def _has(source: str, code: str) -> bool:
    return any(f.code == code for f in check_source(source.encode(), PATH, None, _options()).findings)


ONE_HOT = (
    "import tensorflow.compat.v1 as tf\n"
    "tf.disable_v2_behavior()\n"
    "x = tf.placeholder(tf.float32, [None, 8])\n"
    "class_ids = tf.placeholder(tf.int32, [None])\n"
    "logits = tf.matmul(x, tf.zeros([8, 4]))\n"
    "loss = tf.losses.softmax_cross_entropy(onehot_labels=class_ids, logits=logits)\n"
)


def test_batches_of_two_placeholders_that_may_differ_do_not_count_against_a_fix():
    accepted = _accepted(ONE_HOT, "ST109", _options())
    assert accepted["Pass `class_ids` one-hot over 4 classes on line 6"] is True


def _possible(*counterexample: tuple[str, int]) -> Finding:
    """An ST201 finding whose requirement fails for ``counterexample`` (its facts are what counts)."""
    requirement = Message("{op}: Dimensions must be equal", op="equal")
    return Finding.of("ST201", possible_failure("ST101", requirement, counterexample), PATH, 1, 1, 1, 2,
                      confidence="possible")


def test_only_a_counterexample_of_two_batches_alone_is_set_aside():
    assert verify._batches_differ(_possible(("Placeholder.shape[0]", 2), ("Placeholder_1.shape[0]", 3)))
    assert not verify._batches_differ(_possible(("Placeholder.shape[0]", 2)))
    assert not verify._batches_differ(_possible(("Placeholder.shape[0]", 2), ("Placeholder.shape[1]", 3)))


def test_a_class_count_is_never_set_to_one():
    source = ("import numpy as np\n"
              "from tensorflow import keras\n"
              "inputs = keras.Input(shape=(20,))\n"
              "model = keras.Model(inputs, keras.layers.Dense(1, activation='sigmoid')(inputs))\n"
              "model.compile(optimizer='rmsprop', loss='binary_crossentropy')\n"
              "targets = keras.utils.to_categorical(np.zeros(8, 'int64'), 2)\n"
              "model.fit(np.zeros((8, 20)), targets, epochs=1, verbose=0)\n")
    result = check_source(source.encode(), PATH, None, _options())
    finding = next(f for f in result.findings if f.code == "ST118")
    ctx = FixContext.build(finding, source, PATH, result.shape_log)
    assert not [fix.message for fix in constants.propose(ctx) if fix.message.startswith("Set 2 to 1 on line 6")]


TF1_UNDER_TF2 = (
    "import tensorflow as tf\n"
    "pool = tf.zeros([16, 8, 8, 64])\n"
    "flat = tf.reshape(pool, [16, 7 * 7 * 64])\n"
    "w = tf.get_variable('w', [7 * 7 * 64, 10])\n"
    "logits = tf.matmul(flat, w)\n"
)


def test_a_removed_name_on_an_edited_line_counts_only_when_the_edit_wrote_it():
    # under TF 2.21 `tf.get_variable` is gone (ST401), but the analysis first meets it once
    # the reshape is fixed; the fix edits its line without writing the name
    result, finding, candidates = _candidates(TF1_UNDER_TF2, "ST104", _options())
    fix = next(f for f in candidates if f.message.startswith("Recompute the flatten size"))
    after = verify.verdict(fix, finding, result.findings, TF1_UNDER_TF2, PATH, None, _options())
    assert after is not None and any(f.code == "ST401" and f.line == 4 for f in after.findings)
    new_name = dataclasses.replace(fix, edits=tuple(dataclasses.replace(e, new_text=e.new_text + " + tf.get_variable")
                                                    if e.line == 4 else e for e in fix.edits))
    assert verify._unmasked(next(f for f in after.findings if f.code == "ST401" and f.line == 4), {4}, 3,
                            written="".join(e.new_text for e in new_name.edits)) is False


def test_a_conflict_inside_the_graph_never_resizes_the_data_it_is_fed():
    # the two pooling depths disagree; setting SIZE (the images' declared size) to a value
    # where both collapse alike would shrink every image the program reads
    source = ("import tensorflow.compat.v1 as tf\n"
              "tf.disable_v2_behavior()\n"
              "SIZE = 64\n"
              "images = tf.placeholder(tf.float32, [None, SIZE, SIZE, 3])\n"
              "a = tf.nn.avg_pool(images, [1, 2, 2, 1], [1, 2, 2, 1], 'SAME')\n"
              "b = tf.nn.avg_pool(a, [1, 2, 2, 1], [1, 2, 2, 1], 'SAME')\n"
              "c = tf.concat([a, b], axis=3)\n")
    result = check_source(source.encode(), PATH, None, _options())
    finding = next(f for f in result.findings if f.code == "ST108")
    ctx = FixContext.build(finding, source, PATH, result.shape_log)
    edited = {edit.line for fix in constants.propose(ctx) for edit in fix.edits}
    assert edited and not edited & {3, 4}


def test_two_keras_batches_count_as_batches_that_differ():
    assert verify._batches_differ(_possible(("batch", 1), ("batch", 2)))
    assert not verify._batches_differ(_possible(("batch", 3)))
