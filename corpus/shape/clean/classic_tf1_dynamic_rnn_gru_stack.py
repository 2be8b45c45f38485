# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# Many-to-one sequence regression with a stacked GRU: tf.nn.rnn_cell.MultiRNNCell of GRUCells
# wrapped in DropoutWrapper, unrolled with tf.nn.dynamic_rnn (batch-major), the final state of
# the top layer feeds a linear output; trained on running sums of noisy sequences.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

TIME_STEPS = 10
INPUT_SIZE = 2
LAYER_SIZES = [16, 8]


def build_cell(keep_prob):
    cells = []
    for size in LAYER_SIZES:
        cell = tf.nn.rnn_cell.GRUCell(size)
        cell = tf.nn.rnn_cell.DropoutWrapper(cell, output_keep_prob=keep_prob)
        cells.append(cell)
    return tf.nn.rnn_cell.MultiRNNCell(cells)


def make_data(n, rng):
    seq = rng.randn(n, TIME_STEPS, INPUT_SIZE).astype(np.float32)
    target = seq[:, :, 0].sum(axis=1, keepdims=True) - seq[:, :, 1].mean(axis=1, keepdims=True)
    return seq, target.astype(np.float32)


sequences = tf.placeholder(tf.float32, [None, TIME_STEPS, INPUT_SIZE], name="sequences")
target = tf.placeholder(tf.float32, [None, 1], name="target")
keep = tf.placeholder_with_default(1.0, shape=[], name="keep")

cell = build_cell(keep)
outputs, final_states = tf.nn.dynamic_rnn(cell, sequences, dtype=tf.float32)
top_state = final_states[-1]                       # [batch, LAYER_SIZES[-1]]
last_output = outputs[:, -1, :]                    # the same values, read from outputs
w_out = tf.get_variable("w_out", [LAYER_SIZES[-1], 1])
b_out = tf.get_variable("b_out", [1], initializer=tf.zeros_initializer())
prediction = tf.matmul(top_state, w_out) + b_out

mse = tf.losses.mean_squared_error(labels=target, predictions=prediction)
optimizer = tf.train.RMSPropOptimizer(0.01)
grads_and_vars = optimizer.compute_gradients(mse)
clipped = [(tf.clip_by_norm(g, 5.0), v) for g, v in grads_and_vars]
train_op = optimizer.apply_gradients(clipped)

rng = np.random.RandomState(12)
train_seq, train_target = make_data(32, rng)
test_seq, test_target = make_data(8, rng)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, value = sess.run([train_op, mse], {sequences: train_seq, target: train_target, keep: 0.9})
        print("step", step, "mse", value)
    test_mse, top, last = sess.run([mse, top_state, last_output], {sequences: test_seq, target: test_target})
    print("test mse", test_mse, "state equals last output:", np.allclose(top, last))
