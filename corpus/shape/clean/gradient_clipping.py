# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A regression trained with explicit tf.gradients, clip_by_global_norm and apply_gradients,
# using a fixed-size batch that matches the data exactly.
import numpy as np
import tensorflow as tf

BATCH, DIM = 16, 4
rng = np.random.RandomState(0)
data = rng.randn(BATCH, DIM).astype(np.float32)
target = data @ np.array([[1.0], [-1.0], [2.0], [0.5]], np.float32)

x = tf.placeholder(tf.float32, [BATCH, DIM])
y = tf.placeholder(tf.float32, [BATCH, 1])
w = tf.Variable(tf.zeros([DIM, 1]))
b = tf.Variable(tf.zeros([1]))
pred = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.square(pred - y))
params = [w, b]
grads = tf.gradients(loss, params)
clipped, norm = tf.clip_by_global_norm(grads, 1.0)
train = tf.train.GradientDescentOptimizer(0.1).apply_gradients(zip(clipped, params))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, value, g = sess.run([train, loss, norm], {x: data, y: target})
        print("step %d loss %.3f grad norm %.3f" % (step, value, g))
