# pattern: dtype
# style: tf2
# tf: 1.15, 2.15, 2.21
# Per-class weights are a true division of two integer arrays, so numpy makes them float64;
# tf.add_n then meets them beside the int32 counts.
import numpy as np
import tensorflow as tf

counts = tf.constant([3, 5, 2])
weights = tf.constant(np.array([1, 2, 3]) // np.array([2, 2, 2]), dtype=tf.int32)
total = tf.add_n([counts, weights])
print(total)
