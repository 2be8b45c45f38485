"""``and``/``or`` with an undecided left side: decided when the right side decides the
whole (``undecided and False`` is false, ``undecided or True`` is true)."""

from __future__ import annotations

from tests.helpers import codes_of

GUARDED = """\
import numpy as np
import tensorflow.compat.v1 as tf

x = tf.placeholder(tf.float32, [None, 3])
sess = tf.Session()
v = [sess.run(tf.reduce_sum(x), feed_dict={{x: np.zeros((2, 3))}})]
vals = np.concatenate(v) if {test} else v
"""


def test_an_undecided_test_and_a_false_one_guard_the_concatenation():
    # sess.run of a scalar gives a numpy scalar, which may or may not count as an ndarray
    assert codes_of(GUARDED.format(test="isinstance(v[0], np.ndarray) and len(v[0].shape) > 0")) == []


def test_an_undecided_test_alone_leaves_both_branches():
    assert (7, "ST102") in codes_of(GUARDED.format(test="isinstance(v[0], np.ndarray)"))


def test_undecided_or_true_takes_the_first_branch():
    source = """\
import tensorflow as tf
import sys

a = tf.zeros([2, 3]) if (len(sys.argv) > 2 or True) else tf.zeros([4, 4])
tf.matmul(a, tf.zeros([5, 1]))
"""
    assert codes_of(source) == [(5, "ST101")]
