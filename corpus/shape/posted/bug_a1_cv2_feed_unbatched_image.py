# pattern: 9
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/tensorflow/issues/5125
# class: A1
# An image read with cv2.imread, (100, 100, 3), is fed to a graph whose input placeholder has
# no declared shape; the first convolution needs a batch axis and fails when the graph runs.
import os
import tempfile

import cv2
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "photo.jpg")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(100, 100, 3), dtype=np.uint8))

images = tf.placeholder(tf.float32, name="input")
kernel = tf.Variable(tf.truncated_normal([7, 7, 3, 16], stddev=0.1))
features = tf.nn.conv2d(images, kernel, strides=[1, 2, 2, 1], padding="SAME")  # related
logits = tf.reduce_mean(features, axis=[1, 2])
softmax = tf.nn.softmax(logits)

image_data = cv2.imread(photo_path)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    predictions = sess.run(softmax, {images: image_data})  # expect: ST102
    print(np.argmax(predictions))
