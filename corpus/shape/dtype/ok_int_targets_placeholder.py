# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Regression targets are declared int32 (they are counts); the float prediction minus them fails.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable(tf.random_normal([4, 1], stddev=0.1))
pred = tf.matmul(x, W)
loss = tf.reduce_mean(tf.square(pred - y))
train = tf.train.GradientDescentOptimizer(0.01).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss, {x: np.ones((2, 4)), y: [[1], [2]]}))
