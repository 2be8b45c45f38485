# pattern: 19
# style: tf1
# tf: 1.15
# source: https://github.com/InFoCusp/tf_cnnvis/issues/9
# class: B5
# A visualisation graph takes exactly two images, placeholder [2, 224, 224, 3].  Two images are
# read from disk and reshaped to (1, 224, 224, 3) each, but only the first reshaped one is fed
# instead of their concatenation: "Cannot feed value of shape (1, 224, 224, 3) for Tensor
# 'Placeholder:0', which has shape '(2, 224, 224, 3)'".
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
for name in ("cat.npy", "dog.npy"):
    np.save(os.path.join(folder, name), np.random.rand(224 * 224 * 3).astype("float32"))

images = tf.placeholder("float", [2, 224, 224, 3])
activations = tf.nn.relu(tf.reduce_mean(images, axis=[1, 2]))
img1 = np.load(os.path.join(folder, "cat.npy"))
img2 = np.load(os.path.join(folder, "dog.npy"))
batch1 = img1.reshape((1, 224, 224, 3))
batch2 = img2.reshape((1, 224, 224, 3))
batch = batch1
with tf.Session() as sess:
    print(sess.run(activations, feed_dict={images: batch}).shape)  # expect: ST105
