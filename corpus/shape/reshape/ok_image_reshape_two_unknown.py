# pattern: 31
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Rebuilding square grayscale images from flat rows, leaving both the batch and the
# height to be inferred.
import math

import numpy as np
import tensorflow as tf

PIXELS = 64 * 64
side = int(math.sqrt(PIXELS))

flat_images = tf.placeholder(tf.float32, [None, PIXELS], name="flat_images")
images = tf.reshape(flat_images, [-1, side, side, 1])
kernel = tf.Variable(tf.random_normal([3, 3, 1, 8], stddev=0.1))
features = tf.nn.relu(tf.nn.conv2d(images, kernel, [1, 2, 2, 1], "SAME"))
pooled = tf.reduce_mean(features, axis=[1, 2])

data = np.random.RandomState(0).rand(5, PIXELS).astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    out = sess.run(pooled, feed_dict={flat_images: data})
    print(out.shape)
