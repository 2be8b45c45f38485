# pattern: 33
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# dynamic_rnn fed a [batch, features] matrix: the time axis was never added.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

N_INPUT, N_HIDDEN = 5, 8
x = tf.placeholder(tf.float32, [None, N_INPUT])
cell = tf.nn.rnn_cell.BasicLSTMCell(N_HIDDEN)
outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)  # expect: ST119

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(outputs, {x: np.ones((2, N_INPUT), np.float32)}).shape)
