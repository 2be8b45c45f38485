"""Random images made into augmented, fixed-size batches."""
import numpy as np
import tensorflow as tf

from src.ops.augment import CROP_SIZE, crop, flip

IMAGE_SIZE = 32


def make_images(count):
    return np.random.rand(count, IMAGE_SIZE, IMAGE_SIZE, 3).astype(np.float32)


def augment_batch(images):
    augmented = tf.map_fn(lambda image: flip(crop(image)), images)
    return tf.reshape(augmented, [-1, CROP_SIZE, CROP_SIZE, 3])
