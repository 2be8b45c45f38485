"""Synthetic low-rank data."""

import numpy as np
import tensorflow as tf


def sample_batch(batch_size, dim):
    """Noisy low-rank vectors for the autoencoder."""
    basis = np.random.randn(3, dim).astype(np.float32)
    weights = np.random.randn(batch_size, 3).astype(np.float32)
    return tf.constant(weights @ basis)
