# pattern: 5
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# A sequence classifier that projects every time step of the rank-3 RNN output (matmul
# broadcasts over the batch axis), then treats the [batch, time, classes] result as the
# [batch, classes] logits: the labels no longer fit.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

TIME_STEPS = 10
N_INPUT = 4
N_HIDDEN = 16
N_CLASSES = 3


def classifier(inputs):
    cell = tf.nn.rnn_cell.GRUCell(N_HIDDEN)
    outputs, _ = tf.nn.dynamic_rnn(cell, inputs, dtype=tf.float32)
    w = tf.get_variable("w_out", [N_HIDDEN, N_CLASSES])
    b = tf.get_variable("b_out", [N_CLASSES], initializer=tf.zeros_initializer())
    return tf.matmul(outputs, w) + b  # related: every step is projected


x = tf.placeholder(tf.float32, [None, TIME_STEPS, N_INPUT])
y = tf.placeholder(tf.int32, [None])
logits = classifier(x)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))  # expect: ST109
train = tf.train.RMSPropOptimizer(0.01).minimize(loss)

rng = np.random.RandomState(0)
series = rng.randn(6, TIME_STEPS, N_INPUT).astype(np.float32)
classes = rng.randint(0, N_CLASSES, size=6)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([train, loss], {x: series, y: classes})[1])
