# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# Rows from tf.zeros (float32) and tf.range (int32) are stacked.
import numpy as np
import tensorflow as tf

rows = tf.stack([tf.zeros([3]), tf.range(3)])  # expect: ST140
print(rows.shape)
