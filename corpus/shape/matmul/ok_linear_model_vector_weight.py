# pattern: 4
# style: tf1
# tf: 1.15, 2.15, 2.21
# A linear model whose weight is a plain vector, so matmul(x, w) sees a rank-1 operand.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

n_features = 6
rng = np.random.RandomState(3)
houses = rng.rand(40, n_features).astype(np.float32)
prices = (houses.sum(axis=1, keepdims=True) * 10.0).astype(np.float32)

x = tf.placeholder(tf.float32, [None, n_features])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.random_normal([n_features, 1], stddev=0.1))
b = tf.Variable(0.0)
pred = tf.matmul(x, w) + b
cost = tf.reduce_mean(tf.square(pred - y))
step = tf.train.GradientDescentOptimizer(0.01).minimize(cost)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(2):
        _, c = sess.run([step, cost], {x: houses, y: prices})
    print("cost", c)
