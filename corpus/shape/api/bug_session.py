# pattern: api
# style: tf2
# tf: 1.15, 2.15
# The graph is built with tf.compat.v1 but the session keeps its TensorFlow 1 spelling:
# tf.Session is gone from the TensorFlow 2 namespace.
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

x = tf.compat.v1.placeholder(tf.float32, [None, 4])
total = tf.reduce_sum(x, axis=1)

with tf.Session() as sess:  # expect[2.15]: ST401
    print(sess.run(total, feed_dict={x: np.ones((2, 4), np.float32)}))
