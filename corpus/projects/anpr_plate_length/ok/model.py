"""The plate reader: three conv layers, then one output per plate character."""
import tensorflow as tf

import common

PLATE_CHARS = 10


def weight_variable(shape):
    return tf.Variable(tf.truncated_normal(shape, stddev=0.1))


def bias_variable(shape):
    return tf.Variable(tf.constant(0.1, shape=shape))


def conv_layer(x, in_depth, out_depth):
    h = tf.nn.relu(tf.nn.conv2d(x, weight_variable([5, 5, in_depth, out_depth]), [1, 1, 1, 1], "SAME")
                   + bias_variable([out_depth]))
    return tf.nn.max_pool(h, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


def get_training_model():
    """The output is 1 + PLATE_CHARS * len(common.CHARS) wide: presence, then one-hot characters."""
    x = tf.placeholder(tf.float32, [None, None, None])
    h = tf.expand_dims(x, 3)
    h = conv_layer(h, 1, 8)
    h = conv_layer(h, 8, 8)
    h = conv_layer(h, 8, 16)
    height, width = common.WINDOW_SHAPE
    flat = tf.reshape(h, [-1, (height // 8) * (width // 8) * 16])
    w_fc = weight_variable([(height // 8) * (width // 8) * 16, 64])
    fc = tf.nn.relu(tf.matmul(flat, w_fc) + bias_variable([64]))
    w_out = weight_variable([64, 1 + PLATE_CHARS * len(common.CHARS)])
    y = tf.matmul(fc, w_out) + bias_variable([1 + PLATE_CHARS * len(common.CHARS)])
    return x, y
