# pattern: 33
# style: tf1
# tf: 2.15, 2.21
# oracle: legacy-keras
# Code ported from static_bidirectional_rnn keeps unstacking the sequence into a list
# of time steps, but bidirectional_dynamic_rnn wants the [batch, time, depth] tensor:
# each [batch, depth] step in the list is taken as an input of its own.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

STEPS, DEPTH, HIDDEN = 12, 6, 8
x = tf.placeholder(tf.float32, [None, STEPS, DEPTH])
steps = tf.unstack(x, STEPS, axis=1)
cell_fw = tf.nn.rnn_cell.LSTMCell(HIDDEN)
cell_bw = tf.nn.rnn_cell.LSTMCell(HIDDEN)
(out_fw, out_bw), _ = tf.nn.bidirectional_dynamic_rnn(cell_fw, cell_bw, steps, dtype=tf.float32)  # expect: ST119
outputs = tf.concat([out_fw, out_bw], axis=2)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(outputs, {x: np.zeros((3, STEPS, DEPTH), np.float32)}).shape)
