"""Inference, loss and training op of the cat-vs-dog network."""
import tensorflow as tf


def inference(images, batch_size, n_classes):
    w1 = tf.get_variable("conv1", [3, 3, 3, 8])
    h = tf.nn.relu(tf.nn.conv2d(images, w1, strides=[1, 2, 2, 1], padding="SAME"))
    h = tf.reshape(h, [batch_size, -1])
    dim = h.get_shape()[1].value
    w2 = tf.get_variable("softmax_linear", [dim, n_classes])
    return tf.matmul(h, w2)


def losses(logits, labels):
    cross_entropy = tf.nn.sparse_softmax_cross_entropy_with_logits(logits=logits, labels=labels)  # expect: ST141
    return tf.reduce_mean(cross_entropy, name="loss")


def training(loss, learning_rate):
    return tf.train.AdamOptimizer(learning_rate).minimize(loss)
