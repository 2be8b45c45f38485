# pattern: 1
# style: tf1
# tf: 1.15, 2.15, 2.21
# Linear regression on three features whose weight matrix was sized for five.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

rng = np.random.RandomState(0)
features = rng.rand(32, 3).astype(np.float32)
targets = features @ np.array([[1.5], [-2.0], [0.5]], np.float32) + 0.1

x = tf.placeholder(tf.float32, [None, 3], name="x")
y = tf.placeholder(tf.float32, [None, 1], name="y")
w = tf.Variable(tf.zeros([3, 1]), name="w")
b = tf.Variable(tf.zeros([1]), name="b")
prediction = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.square(prediction - y))
train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, value = sess.run([train_op, loss], feed_dict={x: features, y: targets})
        print("step", step, "loss", value)
