"""Batches for the MLP classifier."""

import numpy as np


def make_batch(batch_size, num_features, num_classes):
    """Random features and one-hot labels (stand-in for the feature store reader)."""
    features = np.random.rand(batch_size, num_features).astype(np.float32)
    labels = np.eye(num_classes)[np.random.randint(0, num_classes, batch_size)]
    return features, labels
