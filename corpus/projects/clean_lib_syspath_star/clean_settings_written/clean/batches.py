"""Tabular data and an endless generator of shuffled mini-batches."""
import numpy as np


def load_table(rows, columns, num_classes):
    features = np.random.rand(rows, columns).astype(np.float32)
    labels = np.random.randint(0, num_classes, rows)
    return features, labels


def minibatches(features, labels, batch_size):
    while True:
        order = np.random.permutation(len(features))
        for start in range(0, len(features) - batch_size + 1, batch_size):
            index = order[start:start + batch_size]
            yield features[index], labels[index]
