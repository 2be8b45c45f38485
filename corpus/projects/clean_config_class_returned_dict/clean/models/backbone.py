"""Two strided convolutions; returns every stage by name."""
import tensorflow as tf


def build_backbone(images):
    w1 = tf.get_variable("c1", [3, 3, 3, 8])
    c1 = tf.nn.relu(tf.nn.conv2d(images, w1, strides=[1, 2, 2, 1], padding="SAME"))
    w2 = tf.get_variable("c2", [3, 3, 8, 8])
    c2 = tf.nn.relu(tf.nn.conv2d(c1, w2, strides=[1, 2, 2, 1], padding="SAME"))
    return {"c1": c1, "c2": c2}
