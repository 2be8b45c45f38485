"""Synthetic regression data."""

import numpy as np


def load_dataset(num_samples):
    """Synthetic linear data: y = X w + noise."""
    rng = np.random.RandomState(0)
    features = rng.randn(num_samples, 4).astype(np.float32)
    true_w = rng.randn(4, 1).astype(np.float32)
    targets = features.dot(true_w) + 0.1 * rng.randn(num_samples, 1)
    return features, targets.astype(np.float32)


def batches(features, targets, batch_size):
    for start in range(0, len(features), batch_size):
        yield features[start:start + batch_size], targets[start:start + batch_size]
