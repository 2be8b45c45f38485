"""Augmentations applied to each image before batching."""
import tensorflow as tf

CROP_SIZE = 24


def crop(image):
    return tf.image.random_crop(image, [CROP_SIZE, CROP_SIZE, 3])


def flip(image):
    return tf.image.random_flip_left_right(image)
