"""A frame classifier: a dense layer shared over time, then per-frame logits."""
import tensorflow as tf

import settings


def build():
    inputs = tf.placeholder(tf.float32, [None, settings.MAX_TIME, settings.NUM_FEATURES])
    targets = tf.placeholder(tf.int32, [None, settings.MAX_TIME])
    frames = tf.reshape(inputs, [-1, settings.NUM_FEATURES])
    w1 = tf.Variable(tf.truncated_normal([settings.NUM_FEATURES, settings.NUM_HIDDEN], stddev=0.1))
    hidden = tf.nn.relu(tf.matmul(frames, w1))
    w2 = tf.Variable(tf.truncated_normal([settings.NUM_HIDDEN, settings.NUM_CLASSES], stddev=0.1))
    logits = tf.reshape(tf.matmul(hidden, w2), [-1, settings.MAX_TIME, settings.NUM_CLASSES])
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=logits))
    return inputs, targets, loss
