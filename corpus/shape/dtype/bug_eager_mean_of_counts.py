# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# A sum of int32 counts is divided by a float32 total with /.
import numpy as np
import tensorflow as tf

counts = tf.constant([3, 5, 2])
total = tf.constant(10.0)
share = tf.reduce_sum(counts) / total  # expect: ST140
print(share.numpy())
