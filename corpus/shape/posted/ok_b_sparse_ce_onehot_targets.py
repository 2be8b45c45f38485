# pattern: 12
# style: tf1
# tf: 1.15
# source: https://github.com/tensorlayer/TensorLayer/issues/103
# class: B5
# The targets are one-hot rows, y_ of shape (?, 10), and go to the sparse cross-entropy, which
# takes one class id per example: "Rank mismatch: Rank of labels (received 2) should equal rank
# of logits minus 1 (received 2)".
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.int64, [None, 10])
w = tf.Variable(tf.zeros([784, 10]))
y = tf.matmul(x, w)
targets = tf.argmax(y_, axis=1)
cost = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=y))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(cost, {x: np.zeros((2, 784)), y_: np.eye(10, dtype=np.int64)[[3, 7]]}))
