# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Raw uint8 pixels go into a float32 dense layer.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

images = tf.placeholder(tf.uint8, [None, 784])
W = tf.Variable(tf.zeros([784, 10]))
b = tf.Variable(tf.zeros([10]))
logits = tf.matmul(tf.cast(images, tf.float32) / 255.0, W) + b
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(logits, {images: np.zeros((2, 784), np.uint8)}).shape)
