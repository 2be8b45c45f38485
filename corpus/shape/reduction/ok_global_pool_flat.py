# pattern: 15
# style: tf1
# tf: 1.15, 2.15, 2.21
# "Global average pooling" over the spatial axes [1, 2], applied after the feature map was
# already flattened to [batch, features].
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

images = tf.placeholder(tf.float32, [None, 16, 16, 3])
kernel = tf.get_variable("kernel", [3, 3, 3, 8])
features = tf.nn.relu(tf.nn.conv2d(images, kernel, [1, 2, 2, 1], "SAME"))
flat = tf.reshape(features, [-1, 8 * 8 * 8])
pooled = tf.reduce_mean(features, axis=[1, 2])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(pooled, {images: np.ones((2, 16, 16, 3), np.float32)}).shape)
