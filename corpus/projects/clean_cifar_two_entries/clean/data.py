"""A synthetic stand-in for CIFAR-10: flat uint8 rows reshaped into images."""
import numpy as np

import config
from utils import normalise, one_hot


def load_split(count, seed):
    rng = np.random.RandomState(seed)
    rows = rng.randint(0, 256, (count, config.IMAGE_SIZE * config.IMAGE_SIZE * config.CHANNELS))
    images = rows.reshape(count, config.CHANNELS, config.IMAGE_SIZE, config.IMAGE_SIZE).transpose(0, 2, 3, 1)
    labels = rng.randint(0, config.NUM_CLASSES, count)
    return normalise(images), one_hot(labels, config.NUM_CLASSES)
