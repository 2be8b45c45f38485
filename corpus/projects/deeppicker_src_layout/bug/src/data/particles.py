"""Picked particles and noise patches of one micrograph."""
import numpy as np

from src.config import PATCH_SIZE


def load_particles(num_particles):
    patches = np.random.rand(num_particles, PATCH_SIZE, PATCH_SIZE, 1).astype(np.float32)
    labels = np.random.randint(0, 2, num_particles)
    return patches, labels
