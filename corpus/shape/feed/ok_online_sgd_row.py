# pattern: 7
# style: tf1
# tf: 1.15, 2.15, 2.21
# Online learning, one example per step: xs[i] drops the batch axis of the [None, 3] input.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

rng = np.random.RandomState(2)
xs = rng.randn(10, 3).astype(np.float32)
ys = (xs.sum(axis=1, keepdims=True) > 0).astype(np.float32)

x = tf.placeholder(tf.float32, [None, 3])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.zeros([3, 1]))
logit = tf.matmul(x, w)
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logit))
step = tf.train.GradientDescentOptimizer(0.5).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(2):
        sess.run(step, {x: xs[i:i + 1], y: ys[i:i + 1]})
    print(sess.run(w).ravel())
