# pattern: 7
# style: tf1
# tf: 1.15
# source: https://github.com/Raj-08/tensorflow-object-contour-detection/issues/2
# class: B5
# Evaluation reads each test image from disk, (500, 334, 3), and feeds it as it is to an input
# placeholder of shape (1, ?, ?, 3); the image needs np.expand_dims(image, axis=0) first.
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
np.save(os.path.join(folder, "test_0.npy"), np.random.rand(500, 334, 3).astype("float32"))

image_placeholder = tf.placeholder(tf.float32, [1, None, None, 3], name="image_placeholder")
edges = tf.reduce_mean(tf.abs(image_placeholder[:, 1:, :, :] - image_placeholder[:, :-1, :, :]), axis=-1)
with tf.Session() as sess:
    image = np.load(os.path.join(folder, "test_0.npy"))
    batch = np.expand_dims(image, axis=0)
    print(sess.run(edges, {image_placeholder: batch}).shape)
