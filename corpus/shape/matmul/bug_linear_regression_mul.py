# pattern: 6
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Multi-output regression written with `*` as in the single-feature tutorial it grew from.
import numpy as np
import tensorflow as tf

n_features, n_targets = 5, 2
rng = np.random.RandomState(7)
inputs = rng.rand(50, n_features).astype(np.float32)
outputs = inputs @ rng.rand(n_features, n_targets).astype(np.float32)

X = tf.placeholder(tf.float32, [None, n_features])
Y = tf.placeholder(tf.float32, [None, n_targets])
W = tf.Variable(tf.zeros([n_features, n_targets]))
b = tf.Variable(tf.zeros([n_targets]))
Y_pred = X * W + b  # expect: ST103
mse = tf.reduce_mean(tf.square(Y_pred - Y))
opt = tf.train.GradientDescentOptimizer(0.1).minimize(mse)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(2):
        _, err = sess.run([opt, mse], feed_dict={X: inputs, Y: outputs})
        print(epoch, err)
