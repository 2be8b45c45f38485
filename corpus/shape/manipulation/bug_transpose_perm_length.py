# pattern: 30
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Converting [batch, time, features] to time-major with a two-entry permutation.
import numpy as np
import tensorflow as tf

batch_major = tf.placeholder(tf.float32, [None, 7, 3])
time_major = tf.transpose(batch_major, [1, 0])  # expect: ST112
first_step = time_major[0]

with tf.Session() as sess:
    print(sess.run(first_step, {batch_major: np.zeros((2, 7, 3), np.float32)}).shape)
