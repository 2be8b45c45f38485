# pattern: dtype
# style: tf1
# tf: 1.15
# source: https://github.com/mauriziofilippone/deep_gp_random_features/issues/1
# class: A4
# The number of random features is a numpy int64; 1. * n_rff is then a numpy float64, tf.sqrt
# of it a float64 tensor, and the float32 features divided by it are refused.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

d_in = 8
n_rff = np.array([100, 50])
x = tf.placeholder(tf.float32, [None, d_in])
omega = tf.Variable(tf.random_normal([d_in, int(n_rff[0])]))
features = tf.matmul(x, omega)
phi = tf.concat([tf.cos(features), tf.sin(features)], axis=1) / tf.sqrt(tf.cast(n_rff[0], tf.float32))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(phi, {x: np.ones((2, d_in))}).shape)
