# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# Positions computed as floats are used to gather rows.
import numpy as np
import tensorflow as tf

table = tf.random.normal([10, 4])
positions = tf.constant([0, 2, 4])
rows = tf.gather(table, positions)
print(rows.shape)
