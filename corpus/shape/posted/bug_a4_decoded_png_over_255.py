# pattern: dtype
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/tensorflow/issues/28150
# class: A4
# A PNG decoded by tf.image.decode_png is uint8; dividing it by the Python float 255. asks
# TensorFlow to turn 255. into a uint8 tensor, which it refuses.
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
image_path = os.path.join(folder, "tile.png")
pixels = np.random.RandomState(1).randint(0, 256, size=(44, 93, 3)).astype(np.uint8)
with tf.Session() as sess:
    with open(image_path, "wb") as handle:
        handle.write(sess.run(tf.image.encode_png(pixels)))

img_str = tf.read_file(image_path)
image = tf.image.decode_png(img_str)
image = image / 255.  # expect: ST140
with tf.Session() as sess:
    print(sess.run(image).max())
