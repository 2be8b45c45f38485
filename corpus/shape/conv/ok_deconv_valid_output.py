# pattern: 24
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Upsampling 7x7 to 14x14 with a 4x4 kernel and stride 2, but with VALID padding, which
# produces 16x16 (or 17x17); 14 is what SAME padding gives.
import numpy as np
import tensorflow as tf

features = tf.placeholder(tf.float32, [None, 7, 7, 64])
kernel = tf.Variable(tf.random_normal([4, 4, 32, 64], stddev=0.02))
batch = tf.shape(features)[0]
upsampled = tf.nn.conv2d_transpose(features, kernel, [batch, 14, 14, 32],
                                   strides=[1, 2, 2, 1], padding="SAME")
activation = tf.nn.relu(upsampled)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    out = sess.run(activation, {features: np.ones((2, 7, 7, 64), np.float32)})
    print(out.shape)
