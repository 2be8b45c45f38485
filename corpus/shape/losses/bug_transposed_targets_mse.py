# pattern: 13
# style: tf1
# tf: 1.15, 2.15, 2.21
# A three-output regression whose loss transposes the targets "to match the math"; the
# predictions are [N, 3] and the transposed labels [3, N]; with N unknown the graph cannot
# tell, and the subtraction fails when a batch of 4 runs.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 5])
y = tf.placeholder(tf.float32, [None, 3])
pred = tf.matmul(x, tf.Variable(tf.zeros([5, 3])))
loss = tf.losses.mean_squared_error(labels=tf.transpose(y), predictions=pred)  # related: [3, ?] against [?, 3]
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

rng = np.random.RandomState(0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([train, loss], {x: rng.randn(4, 5), y: rng.randn(4, 3)})[1])  # expect: ST109
