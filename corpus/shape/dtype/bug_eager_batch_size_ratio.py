# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# Half the batch size is computed from tf.shape (int32) times a Python float.
import numpy as np
import tensorflow as tf

x = tf.zeros([32, 5])
half = tf.shape(x)[0] * 0.5  # expect: ST140
print(half)
