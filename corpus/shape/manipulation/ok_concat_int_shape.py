# pattern: 21
# style: tf1
# tf: 1.15, 2.15, 2.21
# Building a slice size as concat([0, shape[1:-1]]): the Python 0 becomes a scalar, and a
# concat needs vectors.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

volume = tf.placeholder(tf.float32, [None, 5, 6, 3])
inner = tf.shape(volume)[1:-1]
begin = tf.concat([[0], inner], 0)

with tf.Session() as sess:
    print(sess.run(begin, {volume: np.zeros((2, 5, 6, 3), np.float32)}))
