"""Synthetic tabular data."""

import numpy as np


def load_data(num_samples, input_dim, num_classes, seed=0):
    rng = np.random.default_rng(seed)
    features = rng.normal(size=(num_samples, input_dim)).astype("float32")
    labels = rng.integers(0, num_classes, size=num_samples)
    split = int(num_samples * 0.8)
    return (features[:split], labels[:split]), (features[split:], labels[split:])
