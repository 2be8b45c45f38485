# pattern: 4
# style: tf1
# tf: 1.15, 2.15, 2.21
# A fixed transform applied to a 2-vector with tf.matmul, which needs two matrices.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

rotation = tf.constant([[0.0, -1.0], [1.0, 0.0]])
point = tf.placeholder(tf.float32, [2], name="point")
rotated = tf.matmul(rotation, point)  # expect: ST102

with tf.Session() as sess:
    print(sess.run(rotated, feed_dict={point: np.array([3.0, 4.0], np.float32)}))
