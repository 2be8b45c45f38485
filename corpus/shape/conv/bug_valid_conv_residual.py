# pattern: 3
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A residual block whose 3x3 convolutions use VALID padding: the block output is 28x28
# while the shortcut is still 32x32.
import numpy as np
import tensorflow as tf


def residual_block(x, channels, name):
    with tf.variable_scope(name):
        k1 = tf.get_variable("k1", [3, 3, channels, channels])
        k2 = tf.get_variable("k2", [3, 3, channels, channels])
        h = tf.nn.relu(tf.nn.conv2d(x, k1, [1, 1, 1, 1], padding="VALID"))
        h = tf.nn.conv2d(h, k2, [1, 1, 1, 1], padding="VALID")
        return tf.nn.relu(h + x)  # expect: ST103


inputs = tf.placeholder(tf.float32, [None, 32, 32, 16])
out = residual_block(inputs, 16, "block1")

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(out, {inputs: np.zeros((2, 32, 32, 16), np.float32)}).shape)
