"""tf.data input pipeline."""

import numpy as np
import tensorflow as tf


def make_dataset(num_samples, num_features, num_classes, batch_size):
    features = np.random.randn(num_samples, num_features).astype(np.float32)
    labels = np.random.randint(0, num_classes, size=num_samples).astype(np.int64)
    dataset = tf.data.Dataset.from_tensor_slices((features, labels))
    return dataset.shuffle(num_samples).batch(batch_size)
