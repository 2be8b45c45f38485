"""ST203 (a reshape that mixes examples) needs a leading dim known to be the batch: rows an
earlier reshape left undetermined ([B, T, F] -> [-1, F]) are frames, not examples."""

from __future__ import annotations

from tests.helpers import codes_of

HEAD = "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n"


def test_reshaping_the_batch_into_rows_of_another_width_warns():
    source = HEAD + "x = tf.placeholder(tf.float32, [None, 10])\ny = tf.reshape(x, [-1, 20])\n"
    assert (4, "ST203") in codes_of(source, possible_failures=True)


def test_reshaping_rows_an_earlier_reshape_made_does_not_warn():
    source = HEAD + ("x = tf.placeholder(tf.float32, [None, None, 4])  # frames of any length\n"
                     "frames = tf.reshape(x, [-1, 4])\n"
                     "pairs = tf.reshape(frames, [-1, 8])\n")
    assert not [c for c in codes_of(source, possible_failures=True) if c[1] == "ST203"]


def test_frames_folded_back_into_sequences_do_not_warn():
    source = HEAD + ("x = tf.placeholder(tf.float32, [None, 20, 39])\n"
                     "frames = tf.reshape(x, [-1, 39])\n"
                     "logits = tf.matmul(frames, tf.zeros([39, 5]))\n"
                     "per_step = tf.reshape(logits, [-1, 20, 5])\n")
    assert not [c for c in codes_of(source, possible_failures=True) if c[1] == "ST203"]


def test_examples_stacked_along_the_batch_still_warn():
    source = HEAD + ("a = tf.placeholder(tf.float32, [None, 16])\n"
                     "b = tf.placeholder(tf.float32, [None, 16])\n"
                     "pairs = tf.reshape(tf.concat([a, b], axis=0), [-1, 32])\n")
    assert (5, "ST203") in codes_of(source, possible_failures=True)
