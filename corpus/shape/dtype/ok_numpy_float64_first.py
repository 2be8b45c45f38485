# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# A float64 numpy batch is the first argument of tf.matmul, against float32 weights.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

batch = np.random.rand(16, 8).astype(np.float32)
W = tf.Variable(tf.random_normal([8, 4]))
hidden = tf.matmul(batch, W)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(hidden).shape)
