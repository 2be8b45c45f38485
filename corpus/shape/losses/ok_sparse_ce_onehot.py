# pattern: 12
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# One-hot labels handed to the sparse cross-entropy, which wants class ids of rank 1.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 20])
y_onehot = tf.placeholder(tf.float32, [None, 5])
logits = tf.matmul(x, tf.Variable(tf.zeros([20, 5])))
labels = tf.argmax(y_onehot, axis=1)
xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
loss = tf.reduce_mean(xent)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    labels = np.eye(5, dtype=np.float32)[[0, 3, 1]]
    print(sess.run(loss, {x: np.ones((3, 20), np.float32), y_onehot: labels}))
