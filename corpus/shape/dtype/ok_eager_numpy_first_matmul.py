# pattern: dtype
# style: tf2
# tf: 2.15, 2.21
# A float64 numpy batch is tf.matmul's first argument; the weights are float32.
import numpy as np
import tensorflow as tf

batch = np.random.rand(4, 3).astype(np.float32)
W = tf.Variable(tf.random.normal([3, 2]))
out = tf.matmul(batch, W)
print(out.shape)
