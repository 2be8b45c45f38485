"""A two-layer convolutional classifier for the cropped images."""
import tensorflow as tf

from src.ops.augment import CROP_SIZE


def classifier(images, num_classes):
    w1 = tf.get_variable("conv1", [5, 5, 3, 16])
    h = tf.nn.relu(tf.nn.conv2d(images, w1, strides=[1, 2, 2, 1], padding="SAME"))
    w2 = tf.get_variable("conv2", [5, 5, 16, 16])
    h = tf.nn.relu(tf.nn.conv2d(h, w2, strides=[1, 2, 2, 1], padding="SAME"))
    flat = tf.reshape(h, [-1, (CROP_SIZE // 4) * (CROP_SIZE // 4) * 16])
    w3 = tf.get_variable("logits", [(CROP_SIZE // 4) * (CROP_SIZE // 4) * 16, num_classes])
    return tf.matmul(flat, w3)
