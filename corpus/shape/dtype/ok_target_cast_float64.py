# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# An autoencoder's target is cast to float64 while the reconstruction is float32.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

batch = tf.placeholder(tf.uint8, [None, 784])
W = tf.Variable(tf.zeros([784, 784]))
recon = tf.nn.sigmoid(tf.matmul(tf.cast(batch, tf.float32) / 255.0, W))
loss = tf.reduce_mean(tf.square(recon - tf.cast(batch, tf.float32)))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss, {batch: np.zeros((2, 784), np.uint8)}))
