# pattern: 33
# style: tf1
# tf: 1.15
# source: https://github.com/Kismuz/btgym/issues/51
# class: B2
# A policy network pools over a window of 28 prices shaped [1, 28, 1] (batch, time, channel).
# tf.nn.max_pool is the 2-D pooling and wants [batch, height, width, channels]: the window
# needs a second spatial axis before it is pooled.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

prices = tf.placeholder(tf.float32, [1, 28, 1], name="prices")
window = prices
pooled = tf.nn.max_pool(window, ksize=[1, 2, 1, 1], strides=[1, 2, 1, 1], padding="SAME")  # expect: ST102
flat = tf.reshape(pooled, [1, -1])
with tf.Session() as sess:
    print(sess.run(flat, feed_dict={prices: np.random.rand(1, 28, 1)}).shape)
