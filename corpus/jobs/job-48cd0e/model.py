"""Model definition for the MLP classifier."""

import tensorflow.compat.v1 as tf
from tensorflow.contrib import layers as contrib_layers


def dense(inputs, in_size, out_size, name):
    weights = tf.Variable(tf.truncated_normal([in_size, out_size], stddev=0.1), name=name + "_w")
    bias = tf.Variable(tf.zeros([out_size]), name=name + "_b")
    return tf.matmul(inputs, weights) + bias


def build_model(x, hidden, num_classes):
    h = tf.nn.relu(dense(x, 8, hidden, "hidden"))
    logits = dense(h, hidden, num_classes, "logits")
    return logits
