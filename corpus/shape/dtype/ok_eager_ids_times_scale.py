# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# Token ids (int32) are scaled by float32 weights.
import numpy as np
import tensorflow as tf

ids = tf.constant([[3, 1, 4], [1, 5, 9]], dtype=tf.float32)
scale = tf.constant([0.5, 1.0, 2.0])
weighted = tf.multiply(ids, scale)
print(weighted.numpy())
