# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# int32 counts are concatenated to float32 features.
import numpy as np
import tensorflow as tf

features = tf.ones([2, 3])
counts = tf.constant([[1], [4]])
joined = tf.concat([features, counts], axis=1)  # expect: ST140
print(joined.shape)
