# pattern: 10
# style: tf1
# tf: 1.15, 2.15, 2.21
# The first conv filter was copied from an RGB model ([5, 5, 3, 32]) into a grayscale one.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 48, 48, 1], name="faces")
W_conv1 = tf.Variable(tf.truncated_normal([5, 5, 3, 32], stddev=0.1))
b_conv1 = tf.Variable(tf.constant(0.1, shape=[32]))
h_conv1 = tf.nn.relu(tf.nn.conv2d(x, W_conv1, strides=[1, 1, 1, 1], padding="SAME") + b_conv1)  # expect: ST110
h_pool1 = tf.nn.max_pool(h_conv1, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(h_pool1, {x: np.zeros((2, 48, 48, 1), np.float32)}).shape)
