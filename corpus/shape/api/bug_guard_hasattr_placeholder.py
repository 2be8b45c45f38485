# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.placeholder is only tf.compat.v1.placeholder under TensorFlow 2 (AttributeError); the
# twin asks hasattr(tf, "placeholder") first and takes the compat name when it is missing.
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
x = tf.placeholder(tf.float32, [None, 3])  # expect[2.21]: ST401
prediction = tf.matmul(x, tf.ones([3, 1]))
with tf.compat.v1.Session() as sess:
    print(sess.run(prediction, feed_dict={x: np.ones((2, 3), np.float32)}).shape)
