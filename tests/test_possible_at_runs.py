"""--possible in graph mode: a possible failure needs an op where the differing sizes meet.

A requirement between two dims declared ``None`` (examples against labels) cannot fail while
the graph is built, only in a run that feeds the two placeholders arrays of different lengths;
so it is judged at each run with the fed sizes.  A requirement that may fail whatever one size
every run feeds (a batch placeholder against a fixed 32) is still reported where the op is."""

from __future__ import annotations

from shapetracer.domain.target import target_for
from shapetracer.engine import Options, check_source

OPTIONS = Options(generic=False, possible_failures=True, target=target_for("1.15", source="test"))

GRAPH = """\
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
data, labels = np.zeros((100, 5)), np.zeros((100, 3))
x = tf.placeholder(tf.float32, [None, 5])
y = tf.placeholder(tf.float32, [None, 3])
logits = tf.layers.dense(x, 3)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
"""


def possible(source: str) -> list[tuple[int, str]]:
    result = check_source(source.encode(), "prog.py", None, OPTIONS)
    return [(f.line, f.message) for f in result.findings if f.code == "ST201"]


def test_a_graph_that_no_run_evaluates_cannot_fail_by_itself():
    assert possible(GRAPH) == []


def test_runs_that_feed_one_length_each_are_quiet():
    source = GRAPH + """\
with tf.Session() as sess:
    for start in range(0, 100, 25):
        sess.run(loss, {x: data[start:start + 25], y: labels[start:start + 25]})
    print(sess.run(loss, {x: data[:9], y: labels[:9]}))
"""
    assert possible(source) == []


def test_a_run_whose_feeds_may_differ_is_reported_there():
    source = GRAPH + """\
n, m = np.random.randint(1, 50), np.random.randint(1, 50)
with tf.Session() as sess:
    print(sess.run(loss, {x: data[:n], y: labels[:n]}))
    print(sess.run(loss, {x: data[:n], y: labels[:m]}))
"""
    [(line, message)] = possible(source)
    assert line == 12
    assert "logits and labels must be broadcastable" in message
    assert "may be raised when this run evaluates the op" in message


def test_a_run_fed_arrays_of_unknown_shape_is_quiet():
    source = GRAPH + """\
def batches():
    return load(), load()
with tf.Session() as sess:
    bx, by = batches()
    sess.run(loss, {x: bx, y: by})
"""
    assert possible(source) == []


def test_a_fixed_size_against_a_batch_placeholder_is_reported_where_the_op_is():
    source = """\
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 20])
noise = tf.zeros([32, 20])
y = x * noise
"""
    [(line, message)] = possible(source)
    assert line == 5 and "but are ? and 32" in message
