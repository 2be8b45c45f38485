"""Every error in one run (issue 29, item 2): after an error the analysis goes on.

A failed op's result is what the failure leaves defined: a tensor of unknown shape (its
dtype kept), so nothing computed from it is reported again; later, independent code is
still checked, its values shown by ``shapes`` and its API changes reported.  An error that
repeats an earlier one (the same wrong array fed again, the same failed op run again) is
reported once, where the real run stops.

How the programs below were verified: TensorFlow stops at the first error, so each error
was run in its own twin, the program with the other error(s) taken out, under TF 2.15 (the
oracle's env; ``tf.compat.v1`` for the graph-mode ones): every twin raises at the line the
test names, with the message the finding renders.
"""

from __future__ import annotations

import textwrap

from click.testing import CliRunner

from shapetracer.cli import main
from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source

TARGET = target_for("2.15", "flag")


def findings(source: str, generic: bool = False) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).encode(), "prog.py", None, Options(target=TARGET, generic=generic))
    return sorted((f.line, f.code) for f in result.findings)


TWO_BUILDERS = """\
    import tensorflow as tf


    def build_encoder(x):
        w = tf.zeros([32, 16])
        return tf.matmul(x, w)


    def build_decoder(h):
        w = tf.zeros([16, 8])
        b = tf.zeros([9])
        return tf.matmul(h, w) + b


    encoded = build_encoder(tf.ones([4, 64]))
    decoded = build_decoder(tf.ones([4, 16]))
    """


def test_two_model_builders_each_with_its_own_mismatch_are_both_reported():
    assert findings(TWO_BUILDERS) == [(6, "ST101"), (12, "ST103")]


def test_a_fixed_builder_leaves_the_other_error_alone():
    fixed = TWO_BUILDERS.replace("tf.zeros([32, 16])", "tf.zeros([64, 16])")
    assert findings(fixed) == [(12, "ST103")]
    fixed = TWO_BUILDERS.replace("tf.zeros([9])", "tf.zeros([8])")
    assert findings(fixed) == [(6, "ST101")]


STRAIGHT = """\
    import tensorflow as tf

    a = tf.ones([4, 3])
    b = tf.ones([5, 2])
    c = tf.matmul(a, b)
    d = tf.reduce_sum(c, axis=1)
    e = tf.ones([4, 6])
    f = tf.concat([e, tf.ones([3, 6])], axis=1)
    g = tf.ones([7, 6])
    n = tf.random_normal([2, 3])
    """


def test_straight_line_code_after_an_error_is_still_checked():
    # line 6 reads the failed product: a consequence, not reported; line 8 is a second error,
    # line 10 a name TF 2.15 lacks
    assert findings(STRAIGHT) == [(5, "ST101"), (8, "ST108"), (10, "ST401")]


def test_shapes_shows_the_values_after_an_error(tmp_path):
    path = tmp_path / "prog.py"
    path.write_text(textwrap.dedent(STRAIGHT))
    shown = CliRunner().invoke(main, ["shapes", "--tf-version", "2.15", str(path)]).output
    lines = {line.split("=")[0].strip(): line.split("#")[-1].strip() for line in shown.splitlines() if "#" in line}
    assert lines["c"] == "<unknown rank>"  # the failed op's result
    assert lines["e"] == "[4, 6]" and lines["g"] == "[7, 6]"


def test_what_follows_from_a_failed_op_is_not_a_second_error():
    assert findings("""\
        import tensorflow as tf
        x = tf.ones([4, 64])
        h = tf.matmul(x, tf.zeros([32, 16]))
        y = tf.reshape(h, [5, 7])
        z = tf.matmul(h, tf.zeros([3, 3]))
        """) == [(3, "ST101")]


def test_the_same_wrong_array_fed_again_is_reported_once():
    assert findings("""\
        import numpy as np
        import tensorflow.compat.v1 as tf
        tf.disable_v2_behavior()
        x = tf.placeholder(tf.float32, [None, 3])
        y = tf.reduce_sum(x)
        data = np.zeros((8, 4), np.float32)
        with tf.Session() as sess:
            for step in range(3):
                sess.run(y, {x: data[step:step + 2]})
            print(sess.run(y, {x: data[:4]}))
        """) == [(9, "ST105")]


def test_a_different_wrong_array_fed_later_is_a_second_error():
    assert findings("""\
        import numpy as np
        import tensorflow.compat.v1 as tf
        tf.disable_v2_behavior()
        x = tf.placeholder(tf.float32, [None, 3])
        y = tf.reduce_sum(x)
        train = np.zeros((8, 4), np.float32)
        test = np.zeros((8, 5), np.float32)
        with tf.Session() as sess:
            sess.run(y, {x: train})
            print(sess.run(y, {x: test}))
        """) == [(9, "ST105"), (10, "ST105")]


def test_an_op_that_fails_at_run_time_is_reported_at_its_first_run_only():
    assert findings("""\
        import numpy as np
        import tensorflow.compat.v1 as tf
        tf.disable_v2_behavior()
        x = tf.placeholder(tf.float32, [None, 6])
        y = tf.reshape(x, [-1, 4])
        with tf.Session() as sess:
            sess.run(y, {x: np.zeros((3, 6))})
            sess.run(y, {x: np.zeros((3, 6))})
            import tensorflow
            z = tensorflow.placeholder(tf.float32)
        """) == [(5, "ST203"), (7, "ST104"), (10, "ST401")]  # (ST203: the warning that -1 mixes the batch)


def test_a_missing_key_does_not_end_the_analysis():
    # the read raises each time round; the store after it never happens, so the key is
    # reported (once) and what follows is still checked
    assert findings("""\
        import tensorflow as tf
        stats = {"loss": 0.0}
        for batch in range(3):
            stats["step"] += 1
        w = tf.matmul(tf.ones([2, 3]), tf.ones([4, 2]))
        """) == [(4, "ST150"), (5, "ST101")]


def test_a_clean_program_stays_clean():
    assert findings("""\
        import tensorflow as tf
        x = tf.ones([4, 64])
        h = tf.matmul(x, tf.zeros([64, 16]))
        y = tf.reshape(h, [8, 8])
        """) == []


def test_fit_and_evaluate_on_slices_of_one_wrong_array_are_one_error():
    # the validation slice is the training slice's array: the same conflict, worded alike
    assert findings("""\
        import numpy as np
        from tensorflow import keras
        features = np.zeros((100, 20), np.float32)
        labels = np.zeros((100,), np.int64)
        model = keras.Sequential([keras.Input(shape=(40,)), keras.layers.Dense(3)])
        model.compile("sgd", "sparse_categorical_crossentropy")
        model.fit(features[:80], labels[:80], epochs=1, verbose=0)
        model.evaluate(features[80:], labels[80:], verbose=0)
        """) == [(7, "ST117")]


def test_one_wrong_argument_met_by_three_variables_is_one_error():
    assert findings("""\
        import tensorflow.compat.v1 as tf
        tf.disable_v2_behavior()
        def layer(initializer):
            w = tf.get_variable("w", [3, 4], initializer=initializer)
            b = tf.get_variable("b", [4], initializer=initializer)
            return w, b
        layer(True)
        """) == [(4, "ST130")]
