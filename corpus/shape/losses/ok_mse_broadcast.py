# pattern: 14
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: runs
# Linear regression with a [N] target vector and [N, 1] predictions: the cost is the mean
# of an [N, N] matrix.  Nothing raises.
import numpy as np
import tensorflow as tf

xs = np.linspace(0, 1, 20).astype(np.float32).reshape(-1, 1)
ys = (2.0 * xs + 1.0).astype(np.float32)

X = tf.placeholder(tf.float32, [None, 1])
Y = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable(tf.zeros([1, 1]))
b = tf.Variable(tf.zeros([1]))
pred = tf.matmul(X, W) + b
cost = tf.reduce_sum(tf.pow(pred - Y, 2)) / (2 * 20)
train = tf.train.GradientDescentOptimizer(0.1).minimize(cost)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(2):
        sess.run(train, {X: xs, Y: ys})
    print(sess.run([W, b]))
