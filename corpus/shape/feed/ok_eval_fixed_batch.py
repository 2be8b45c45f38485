# pattern: 19
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Evaluation feeds the whole 50-row test set into placeholders that fix the batch at 32.
import numpy as np
import tensorflow as tf

BATCH_SIZE = 32
rng = np.random.RandomState(0)
train_x = rng.randn(BATCH_SIZE, 6).astype(np.float32)
train_y = (train_x[:, 0] > 0).astype(np.int64)
test_x = rng.randn(50, 6).astype(np.float32)
test_y = (test_x[:, 0] > 0).astype(np.int64)

x = tf.placeholder(tf.float32, [None, 6])
y = tf.placeholder(tf.int64, [None])
W = tf.Variable(tf.zeros([6, 2]))
logits = tf.matmul(x, W)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(train, {x: train_x, y: train_y})
    print("test accuracy", sess.run(accuracy, {x: test_x, y: test_y}))
