# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# Class labels written as floats go to the sparse softmax loss.
import numpy as np
import tensorflow as tf

logits = tf.random.normal([3, 4])
labels = tf.constant([0.0, 3.0, 1.0])
loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)  # expect: ST141
print(loss.numpy())
