# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Multi-label targets are int32; sigmoid cross entropy multiplies them with float logits.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

logits = tf.placeholder(tf.float32, [None, 6])
labels = tf.placeholder(tf.float32, [None, 6])
loss = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
with tf.Session() as sess:
    print(sess.run(loss, {logits: np.zeros((2, 6)), labels: np.ones((2, 6))}).shape)
