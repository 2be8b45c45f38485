"""A one-hidden-layer classifier whose input width is settings.NUM_FEATURES."""
import tensorflow as tf

import settings


def build():
    x = tf.placeholder(tf.float32, [None, settings.NUM_FEATURES])
    y = tf.placeholder(tf.int64, [None])
    w1 = tf.Variable(tf.truncated_normal([settings.NUM_FEATURES, settings.HIDDEN], stddev=0.1))
    hidden = tf.nn.relu(tf.matmul(x, w1))
    w2 = tf.Variable(tf.truncated_normal([settings.HIDDEN, settings.NUM_CLASSES], stddev=0.1))
    logits = tf.matmul(hidden, w2)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    return x, y, loss
