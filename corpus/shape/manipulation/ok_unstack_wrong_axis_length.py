# pattern: 20
# style: tf1
# tf: 1.15, 2.15, 2.21
# A static RNN input list: the number of time steps is read from axis 2 (features) of the
# [batch, time, features] input instead of axis 1.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

sequence = tf.placeholder(tf.float32, [None, 5, 3])
time_steps = sequence.get_shape().as_list()[1]
steps = tf.unstack(sequence, num=time_steps, axis=1)
state = tf.zeros_like(steps[0])
for step in steps:
    state = tf.tanh(state + step)

with tf.Session() as sess:
    print(sess.run(state, {sequence: np.ones((2, 5, 3), np.float32)}))
