# pattern: 25
# style: tf1
# tf: 1.15, 2.15, 2.21
# A 7x7 "global" convolution placed after the encoder, sized for a 7x7 map, while three
# stride-2 SAME convs turn 40x40 into 5x5.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def down(x, out_channels, name):
    in_channels = x.get_shape().as_list()[-1]
    w = tf.get_variable(name, [3, 3, in_channels, out_channels])
    return tf.nn.relu(tf.nn.conv2d(x, w, [1, 2, 2, 1], "SAME"))


images = tf.placeholder(tf.float32, [None, 40, 40, 1])
net = down(images, 8, "d1")
net = down(net, 16, "d2")
net = down(net, 32, "d3")
global_kernel = tf.get_variable("global", [5, 5, 32, 64])
code = tf.nn.conv2d(net, global_kernel, [1, 1, 1, 1], "VALID")

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(code, {images: np.zeros((1, 40, 40, 1), np.float32)}).shape)
