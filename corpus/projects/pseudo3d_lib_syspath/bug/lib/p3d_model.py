"""A pseudo-3D block: a spatial 1x3x3 conv followed by a temporal 3x1x1 conv."""
import tensorflow as tf


def inference_p3d(clips, num_classes):
    w_s = tf.get_variable("spatial", [1, 3, 3, 3, 8])
    h = tf.nn.relu(tf.nn.conv3d(clips, w_s, strides=[1, 1, 1, 1, 1], padding="SAME"))
    w_t = tf.get_variable("temporal", [3, 1, 1, 8, 8])
    h = tf.nn.relu(tf.nn.conv3d(h, w_t, strides=[1, 1, 1, 1, 1], padding="SAME"))
    pooled = tf.reduce_mean(h, axis=[1, 2, 3])
    w = tf.get_variable("logits", [8, num_classes])
    return tf.matmul(pooled, w)
