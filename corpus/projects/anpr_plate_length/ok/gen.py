"""Synthetic number-plate windows: a noisy image and the plate's code."""
import random

import numpy as np

import common

PLATE_LENGTH = 10


def generate_code():
    return "".join(random.choice(common.CHARS) for _ in range(PLATE_LENGTH))


def generate_im():
    height, width = common.WINDOW_SHAPE
    image = np.random.rand(height, width).astype(np.float32)
    return image, generate_code(), random.random() > 0.5


def generate_ims(num):
    for _ in range(num):
        yield generate_im()
