# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# A time axis from tf.range (int32) is scaled by a Python float.
import numpy as np
import tensorflow as tf

steps = tf.range(10, dtype=tf.float32)
times = steps * 0.5
print(times.numpy())
