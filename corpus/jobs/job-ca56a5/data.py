"""Image batches."""

import numpy as np


def make_images(batch_size):
    """A batch of random images and sparse labels."""
    images = np.random.rand(batch_size, 28, 28, 3).astype(np.float32)
    labels = np.random.randint(0, 5, size=batch_size)
    return images, labels
