# pattern: 3
# style: tf1
# tf: 1.15, 2.15, 2.21
# An inception-style module: the 5x5 branch was given VALID padding, so its maps are 4
# pixels smaller than the other branches' and the channel concat fails.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def branch(x, size, out_channels, padding, name):
    in_channels = x.get_shape().as_list()[3]
    kernel = tf.Variable(tf.truncated_normal([size, size, in_channels, out_channels], stddev=0.1),
                         name=name)
    return tf.nn.relu(tf.nn.conv2d(x, kernel, [1, 1, 1, 1], padding=padding))


x = tf.placeholder(tf.float32, [None, 17, 17, 32])
b1 = branch(x, 1, 16, "SAME", "b1x1")
b3 = branch(x, 3, 24, "SAME", "b3x3")
b5 = branch(x, 5, 8, "VALID", "b5x5")
pooled = tf.nn.max_pool(x, [1, 3, 3, 1], [1, 1, 1, 1], "SAME")
mixed = tf.concat([b1, b3, b5, pooled], axis=3)  # expect: ST108

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(mixed, {x: np.ones((1, 17, 17, 32), np.float32)}).shape)
