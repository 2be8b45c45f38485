# pattern: api
# style: tf2
# tf: 1.15, 2.21
# A TensorFlow 1 regression script run on a TensorFlow 2 image: tf.placeholder is only
# tf.compat.v1.placeholder there (AttributeError); TensorFlow 1.15 runs it.
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

features = np.random.RandomState(0).rand(16, 3).astype(np.float32)
x = tf.compat.v1.placeholder(tf.float32, [None, 3])
w = tf.Variable(tf.zeros([3, 1]))
prediction = tf.matmul(x, w)

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(prediction, feed_dict={x: features}).shape)
