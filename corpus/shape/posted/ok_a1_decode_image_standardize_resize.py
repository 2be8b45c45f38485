# pattern: 17
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/tensorflow/issues/9356
# class: A1
# decode_jpeg gives a 3-D image, decode_image (chosen "for more compatibility") a tensor of
# unknown rank, which per_image_standardization passes on and resize_images rejects.
import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
image_file = os.path.join(folder, "vehicle.jpg")
pixels = np.random.RandomState(2).randint(0, 256, size=(60, 80, 3)).astype(np.uint8)
with tf.Session() as sess:
    with open(image_file, "wb") as handle:
        handle.write(sess.run(tf.image.encode_jpeg(pixels)))


def preprocess_image(image_path):
    file_content = tf.read_file(image_path)
    image = tf.image.decode_jpeg(file_content)
    image = tf.image.per_image_standardization(image)
    image = tf.image.resize_images(image, [480, 640])
    return image


image = preprocess_image(image_file)
with tf.Session() as sess:
    print(sess.run(image).shape)
