# pattern: 17
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# The sequence placeholder leaves every dimension open, including the feature depth that
# dynamic_rnn needs to size the cell's kernel.
import numpy as np
import tensorflow as tf

N_FEATURES = 3
sequences = tf.placeholder(tf.float32, [None, None, None])
cell = tf.nn.rnn_cell.GRUCell(10)
outputs, last_state = tf.nn.dynamic_rnn(cell, sequences, dtype=tf.float32)  # expect: ST120

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(last_state, {sequences: np.ones((2, 5, N_FEATURES), np.float32)}).shape)
