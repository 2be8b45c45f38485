# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Class ids are declared float32, but the sparse loss wants int32 or int64 labels.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 20])
labels = tf.placeholder(tf.int64, [None])
W = tf.Variable(tf.zeros([20, 5]))
logits = tf.matmul(x, W)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss, {x: np.ones((3, 20)), labels: [0, 1, 2]}))
