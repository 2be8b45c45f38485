# pattern: 17
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/tensorflow/issues/8551
# class: A1
# A PNG read with tf.read_file and decoded with tf.image.decode_image: decode_image may return
# a GIF's frames, so its result has no static rank, and resize_images needs one.
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
digit_path = os.path.join(folder, "8.png")
pixels = np.random.RandomState(0).randint(0, 256, size=(250, 250, 1)).astype(np.uint8)
with tf.Session() as sess:
    with open(digit_path, "wb") as handle:
        handle.write(sess.run(tf.image.encode_png(pixels)))

image_contents = tf.read_file(digit_path)
image = tf.image.decode_image(image_contents, channels=1)
img_resize = tf.image.resize_images(image, [28, 28])  # expect: ST120
with tf.Session() as sess:
    print(sess.run(img_resize).shape)
