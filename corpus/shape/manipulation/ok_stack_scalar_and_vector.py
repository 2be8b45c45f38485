# pattern: 21
# style: tf1
# tf: 1.15, 2.15, 2.21
# The zero initial state's shape is assembled from the dynamic batch (a scalar) and a
# Python list, with tf.stack: the pieces have different ranks.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

HIDDEN = 8
inputs = tf.placeholder(tf.float32, [None, 4])
batch = tf.shape(inputs)[0]
state_shape = tf.stack([batch, HIDDEN])
state = tf.zeros(state_shape)
w = tf.get_variable("w", [4 + HIDDEN, HIDDEN])
new_state = tf.tanh(tf.matmul(tf.concat([inputs, state], axis=1), w))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(new_state, {inputs: np.ones((3, 4), np.float32)}).shape)
