# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# An integer constant offset is added to float logits.
import numpy as np
import tensorflow as tf

x = tf.random.normal([4, 8])
W = tf.Variable(tf.random.normal([8, 3]))
logits = tf.matmul(x, W)
shifted = logits + tf.constant(1.0)
print(shifted.shape)
