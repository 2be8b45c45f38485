"""Random image data."""

import numpy as np
import tensorflow as tf


def make_dataset(num_samples, image_size, channels, num_classes):
    images = np.random.rand(num_samples, image_size, image_size, channels).astype("float32")
    labels = np.random.randint(0, num_classes, size=(num_samples,))
    return images, tf.keras.utils.to_categorical(labels, num_classes)
