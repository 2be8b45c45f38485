"""Helpers for the sign scripts."""
import numpy as np

SEED = 7


def fake_signs(count, image_size, num_signs):
    rng = np.random.RandomState(SEED)
    images = rng.rand(count, image_size, image_size, 3).astype("float32")
    labels = rng.randint(0, num_signs, count)
    return images, labels


def top_k(scores, k):
    return np.argsort(-scores, axis=1)[:, :k]
