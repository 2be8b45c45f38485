"""Graph-mode cases the differential check taught: where (and whether) TensorFlow 2.21 fails.

Each case is a small TF1 program and the line of its first shape error (None: it runs).
``test_shapetracer_agrees`` runs in the normal suite; ``test_tensorflow_agrees`` (oracle,
opt-in) confirms the expectation against tensorflow-cpu, so the table stays true.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import diffrun  # noqa: E402

HEAD = "import numpy as np\nimport tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n"  # lines 1-3
RUN = "sess = tf.Session()\nsess.run(tf.global_variables_initializer())\n"

# name -> (body from line 4, expected error line or None)
CASES = {
    # a repeated perm entry passes graph construction; the kernel refuses it when it runs
    "transpose_repeated_perm_not_run": (
        "x = tf.placeholder(tf.float32, [None, 5])\n"
        "t = tf.transpose(x, [0, 0])\n"
        "u = x + 1\n" + RUN +
        "out = sess.run(u, {x: np.zeros((3, 5))})\n", None),
    "transpose_repeated_perm_run": (
        "x = tf.placeholder(tf.float32, [None, 5])\n"
        "t = tf.transpose(x, [0, 0])\n" + RUN +
        "out = sess.run(t, {x: np.zeros((3, 5))})\n", 8),
    # ... unless constant folding drops it: known shape, only axes of length 1 move
    "transpose_folded_to_identity": (
        "x = tf.placeholder(tf.float32, [None, 1])\n"
        "r = tf.reshape(x, [36, 1])\n"
        "t = tf.transpose(r, [0, 0])\n" + RUN +
        "out = sess.run(t, {x: np.zeros((36, 1))})\n", None),
    # ... an axis of unknown length may stay in place (when the folding happens at all:
    # after expand_dims of the placeholder itself TF 2.21 still runs the kernel, which
    # shapetracer then misses rather than risk a false alarm)
    "transpose_folded_unknown_axis_in_place": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "t = tf.reshape(x, [1, -1])\n"
        "u = tf.transpose(t, [1, 1])\n" + RUN +
        "out = sess.run(u, {x: np.zeros((5,))})\n", None),
    # ArgOpShape refuses the axis from rank 2 on; a vector's argmax fails only in the kernel
    "argmax_axis_rank2_at_build": (
        "x = tf.placeholder(tf.float32, [None, 4])\n"
        "i = tf.argmax(x, axis=2)\n", 5),
    "argmax_axis_rank1_at_run": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "i = tf.argmax(x, 1)\n" + RUN +
        "out = sess.run(i, {x: np.zeros((3,))})\n", 8),
    # one_hot: axis < -1 at build, axis > rank in the kernel
    "one_hot_axis_too_big_not_run": (
        "c = tf.zeros([3], tf.int32)\n"
        "t = tf.one_hot(c, 3, axis=2)\n"
        "u = tf.zeros([2]) + 1\n" + RUN +
        "out = sess.run(u)\n", None),
    "one_hot_axis_below_minus_one": (
        "c = tf.zeros([3, 2], tf.int32)\n"
        "t = tf.one_hot(c, 3, axis=-2)\n", 5),
    # 2 * x.shape[0] == 1 holds for no x.shape[0], but graph mode only knows at run time
    "squeeze_tiled_unknown_not_run": (
        "x = tf.placeholder(tf.float32, [None, None])\n"
        "t = tf.tile(x, [2, 2])\n"
        "s = tf.squeeze(t, axis=[0])\n"
        "u = x + 1\n" + RUN +
        "out = sess.run(u, {x: np.zeros((2, 3))})\n", None),
    # the kernel's window rule is looser than the shape function's
    "valid_window_one_wider_runs_empty": (
        "x = tf.placeholder(tf.float32, [None, None, None, 2])\n"
        "k = tf.ones([5, 5, 2, 3])\n"
        "t = tf.nn.conv2d(x, k, strides=[1, 1, 1, 1], padding='VALID')\n" + RUN +
        "out = sess.run(t, {x: np.zeros((2, 4, 4, 2))})\n", None),
    "valid_window_three_wider_fails_at_run": (
        "x = tf.placeholder(tf.float32, [None, None, None, 2])\n"
        "t = tf.nn.max_pool(x, ksize=[1, 7, 7, 1], strides=[1, 1, 1, 1], padding='VALID')\n" + RUN +
        "out = sess.run(t, {x: np.zeros((2, 4, 4, 2))})\n", 8),
    # one unknown input dim: the shape function solves for it and finds no value
    "reshape_one_unknown_not_dividing": (
        "x = tf.placeholder(tf.float32, [None, 2])\n"
        "r = tf.reshape(x, [9])\n", 5),
    # grappler takes these reshapes for identities
    "reshape_padded_vector_dropped": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "t = tf.pad(x, [[0, 1]])\n"
        "r = tf.reshape(t, [8])\n" + RUN +
        "out = sess.run(r, {x: np.zeros((8,))})\n", None),
    "reshape_matmul_rows_dropped": (
        "x = tf.placeholder(tf.float32, [None, 4])\n"
        "h = tf.matmul(x, tf.zeros([4, 4]))\n"
        "r = tf.reshape(h, [12, 4])\n" + RUN +
        "out = sess.run(r, {x: np.zeros((5, 4))})\n", None),
    # two unknown dims: the -1 is worked out from the fed values at run time
    "reshape_two_unknowns_checked_at_run": (
        "x = tf.placeholder(tf.float32, [None, None, 2])\n"
        "r = tf.reshape(x, [-1, 1, 10])\n"
        "s = tf.stack([r, tf.zeros([4, 1, 10])], axis=1)\n" + RUN +
        "out = sess.run(s, {x: np.zeros((6, 5, 2))})\n", 9),
    # softmax cross-entropy: flattened logits of unknown batch have no static shape
    "xent_unknown_batch_classes_differ_not_run": (
        "x = tf.placeholder(tf.float32, [None, 3])\n"
        "t = tf.nn.softmax_cross_entropy_with_logits_v2(labels=tf.zeros([8, 2]), logits=x)\n"
        "u = x + 1\n" + RUN +
        "out = sess.run(u, {x: np.zeros((8, 3))})\n", None),
    "xent_one_logit_row_three_label_rows": (
        "x = tf.placeholder(tf.float32, [1, 4])\n"
        "t = tf.nn.softmax_cross_entropy_with_logits_v2(labels=tf.zeros([3, 4]), logits=x)\n", 5),
    "xent_batch_taken_from_labels": (
        "x = tf.placeholder(tf.float32, [None, 4])\n"
        "t = tf.nn.softmax_cross_entropy_with_logits_v2(labels=tf.zeros([3, 4]), logits=x)\n"
        "u = tf.stack([t, tf.zeros([5])])\n", 6),
    "sparse_xent_batch_taken_from_labels": (
        "x = tf.placeholder(tf.float32, [None, 4])\n"
        "t = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.zeros([2], tf.int32), logits=x)\n"
        "u = t + tf.zeros([6])\n", 6),
    # BiasAdd's static shape takes the bias length
    "bias_add_fixes_channels": (
        "x = tf.placeholder(tf.float32, [None, None])\n"
        "t = tf.nn.bias_add(x, tf.zeros([5]))\n"
        "m = tf.matmul(t, tf.zeros([4, 2]))\n", 6),
    # grouped convolution over an unknown depth: the group count must divide the output depth
    "conv_groups_checked_at_run": (
        "x = tf.placeholder(tf.float32, [None, 5, 5, None])\n"
        "k = tf.ones([3, 3, 1, 5])\n"
        "t = tf.nn.conv2d(x, k, strides=[1, 1, 1, 1], padding='SAME')\n" + RUN +
        "out = sess.run(t, {x: np.zeros((2, 5, 5, 2))})\n", 9),
    # a run-time requirement of an op no run evaluates is no fact for later ops
    "unevaluated_requirement_is_no_fact": (
        "x = tf.placeholder(tf.float32, [None, None, 4, 4])\n"
        "t = tf.reshape(x, [72, -1])\n"
        "l = tf.nn.softmax_cross_entropy_with_logits_v2(labels=tf.zeros([72, 3]), logits=t)\n"
        "m = tf.matmul(t, tf.ones([6, 2]), transpose_b=True)\n" + RUN +
        "out = sess.run(m, {x: np.zeros((3, 3, 4, 4))})\n", None),
    # the optimizer rewrites a constant slice of a stack along its axis to the one input
    # it reads, so a stack whose inputs disagree at run time never runs ...
    "stack_slice_consumed_is_folded": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "s = tf.stack([x, tf.zeros([4])], axis=-1)\n"
        "t = s[:, 0] + 1.0\n" + RUN +
        "out = sess.run(t, {x: np.zeros((5,))})\n", None),
    "stack_slice_negative_index_folded": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "s = tf.stack([x, tf.zeros([4])])\n"
        "t = tf.reduce_sum(s[-1])\n" + RUN +
        "out = sess.run(t, {x: np.zeros((5,))})\n", None),
    # ... unless the run fetches the slice itself (fetched nodes are kept as written)
    "stack_slice_fetched_runs_the_stack": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "s = tf.stack([x, tf.zeros([4])])\n"
        "t = s[0]\n" + RUN +
        "out = sess.run(t, {x: np.zeros((5,))})\n", 9),
    # ... or the slice also narrows another axis
    "stack_slice_narrowing_runs_the_stack": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "s = tf.stack([x, tf.zeros([4])])\n"
        "t = s[0, 1:3] + 1.0\n" + RUN +
        "out = sess.run(t, {x: np.zeros((5,))})\n", 9),
    # a train op evaluates what its gradients need: not an op behind tf.stop_gradient ...
    "train_op_skips_what_stop_gradient_hides": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "k = tf.Variable(tf.zeros([4]))\n"
        "y = tf.stop_gradient(tf.stack([x, tf.zeros([4])]))\n"
        "loss = tf.reduce_mean(y) + tf.reduce_sum(k)\n"
        "train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)\n" + RUN +
        "out = sess.run(train, {x: np.zeros((5,))})\n", None),
    # ... while fetching the loss evaluates it
    "loss_fetch_evaluates_what_stop_gradient_hides": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "k = tf.Variable(tf.zeros([4]))\n"
        "y = tf.stop_gradient(tf.stack([x, tf.zeros([4])]))\n"
        "loss = tf.reduce_mean(y) + tf.reduce_sum(k)\n"
        "train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)\n" + RUN +
        "out = sess.run([train, loss], {x: np.zeros((5,))})\n", 11),
    # ... or another op reads the whole stack
    "stack_slice_and_whole_stack_used": (
        "x = tf.placeholder(tf.float32, [None])\n"
        "s = tf.stack([x, tf.zeros([4])])\n"
        "t = s[0] + tf.reduce_sum(s)\n" + RUN +
        "out = sess.run(t, {x: np.zeros((5,))})\n", 9),
}


def _program(name: str) -> str:
    return HEAD + CASES[name][0]


@pytest.mark.parametrize("name", sorted(CASES))
def test_shapetracer_agrees(name: str) -> None:
    first, errors, _, crashed = diffrun.st_verdict(_program(name))
    assert crashed is None, crashed
    assert first == CASES[name][1], f"{name}: {errors}\n{_program(name)}"


@pytest.mark.oracle
def test_tensorflow_agrees() -> None:
    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("needs tensorflow-cpu")
    names = sorted(CASES)
    results = diffrun.run_under_tensorflow({i: _program(n) for i, n in enumerate(names)})
    wrong = []
    for i, name in enumerate(names):
        verdict, line = diffrun.tf_verdict(results[i])
        expected = CASES[name][1]
        if (verdict, line) != (("ok", None) if expected is None else ("shape", expected)):
            wrong.append(f"{name}: TensorFlow gave {verdict} at {line}: {results[i].get('message', '')[:200]}")
    assert not wrong, "\n".join(wrong)
