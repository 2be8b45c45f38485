# pattern: 22
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# The loss is left per example (no reduce_mean); minimize() accepts that, but the progress
# line formats it as a single float.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.zeros([4, 1]))
pred = tf.matmul(x, w)
loss = tf.square(pred - y)  # related: [N, 1], never reduced
train = tf.train.GradientDescentOptimizer(0.01).minimize(loss)

rng = np.random.RandomState(0)
data = rng.randn(8, 4).astype(np.float32)
target = data.sum(axis=1, keepdims=True)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, loss_value = sess.run([train, loss], {x: data, y: target})
        print("step %d: loss = %.4f" % (step, loss_value))  # expect: ST127
