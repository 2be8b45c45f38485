"""Token sequences and int64 labels as a tf.data pipeline."""
import numpy as np
import tensorflow as tf


def make_dataset(count, length, vocab_size, num_classes, batch_size):
    tokens = np.random.randint(1, vocab_size, (count, length)).astype(np.int64)
    labels = np.random.randint(0, num_classes, count).astype(np.int64)
    return tf.data.Dataset.from_tensor_slices((tokens, labels)).batch(batch_size)
