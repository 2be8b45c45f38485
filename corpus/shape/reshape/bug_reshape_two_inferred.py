# pattern: 31
# style: tf1
# tf: 1.15, 2.15, 2.21
# Flattening per-example features with [-1, -1]: TensorFlow can infer only one size.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

frames = tf.placeholder(tf.float32, [None, 6, 5])
flat = tf.reshape(frames, [-1, -1])  # related: two inferred sizes
summary = tf.reduce_mean(flat, axis=1)

with tf.Session() as sess:
    print(sess.run(summary, {frames: np.ones((3, 6, 5), np.float32)}))  # expect: ST113
