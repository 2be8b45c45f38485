# pattern: 8
# style: tf1
# tf: 1.15
# oracle: legacy-keras
# source: https://github.com/carpedm20/BEGAN-tensorflow/issues/46
# class: B5
# Saved images are loaded from disk as (16, 64, 64, 3) and turned channels-first with
# transpose([0, 3, 1, 2]) before being fed, but the autoencoder's input placeholder is NHWC:
# "Cannot feed value of shape (16, 3, 64, 64) for Tensor ..., which has shape '(16, 64, 64, 3)'".
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

path = os.path.join(tempfile.mkdtemp(), "fixed_batch.npy")
np.save(path, np.random.rand(16, 64, 64, 3).astype("float32"))

x = tf.placeholder(tf.float32, [16, 64, 64, 3])
encoded = tf.layers.conv2d(x, 8, 3, strides=2, padding="same")
decoded = tf.layers.conv2d_transpose(encoded, 3, 3, strides=2, padding="same")
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    img = np.load(path)
    img = img.transpose([0, 3, 1, 2]).transpose([0, 2, 3, 1])
    print(sess.run(decoded, {x: img}).shape)
