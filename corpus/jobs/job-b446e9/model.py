"""Convolutional network definition."""

import tensorflow.compat.v1 as tf
import tensorflow.contrib.slim as slim


def conv_layer(inputs, in_channels, out_channels, name):
    with tf.variable_scope(name):
        kernel = tf.get_variable("kernel", [3, 3, in_channels, out_channels], initializer=tf.glorot_uniform_initializer())
        bias = tf.get_variable("bias", [out_channels], initializer=tf.zeros_initializer())
        conv = tf.nn.conv2d(inputs, kernel, strides=[1, 1, 1, 1], padding="SAME")
        return tf.nn.relu(conv + bias)


def build_cnn(images, num_classes):
    net = conv_layer(images, 3, 16, "conv1")
    net = tf.nn.max_pool(net, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
    net = conv_layer(net, 16, 32, "conv2")
    net = tf.nn.max_pool(net, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
    flat = tf.reshape(net, [-1, 1568])
    weights = tf.get_variable("fc_w", [1568, num_classes])
    return tf.matmul(flat, weights)
