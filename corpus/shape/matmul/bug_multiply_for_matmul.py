# pattern: 6
# style: tf1
# tf: 1.15, 2.15, 2.21
# tf.multiply used for a layer's weights: elementwise [?, 4] * [4, 6] does not broadcast.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

n_in, n_out = 4, 6
X = tf.placeholder(tf.float32, [None, n_in])
W = tf.Variable(tf.random_normal([n_in, n_out]))
b = tf.Variable(tf.zeros([n_out]))
h = tf.nn.sigmoid(tf.multiply(X, W) + b)  # expect: ST103

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(h, {X: np.ones((2, n_in), np.float32)}))
