"""Image batches."""

import numpy as np


def make_images(batch_size):
    """A batch of random images and sparse labels."""
    images = np.random.rand(batch_size, 20, 20, 1).astype(np.float32)
    labels = np.random.randint(0, 10, size=batch_size)
    return images, labels
