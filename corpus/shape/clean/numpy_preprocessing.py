# pattern: clean
# style: numpy
# tf: 1.15, 2.15, 2.21
# Image preprocessing in numpy: batching, channel statistics, normalisation with
# broadcasting, one-hot labels, and a train/validation split.
import numpy as np

rng = np.random.RandomState(0)
images = rng.randint(0, 256, size=(12, 16, 16, 3)).astype(np.float32)
labels = rng.randint(0, 5, size=12)

mean = images.mean(axis=(0, 1, 2), keepdims=True)
std = images.std(axis=(0, 1, 2), keepdims=True)
normalised = (images - mean) / std
flat = normalised.reshape(len(normalised), -1)
onehot = np.eye(5, dtype=np.float32)[labels]
order = rng.permutation(len(flat))
train, valid = order[:9], order[9:]
weights = rng.randn(flat.shape[1], 5) * 0.01
scores = flat[train] @ weights
probs = np.exp(scores) / np.exp(scores).sum(axis=1, keepdims=True)
loss = -(onehot[train] * np.log(probs)).sum(axis=1).mean()
print(flat.shape, onehot[valid].shape, round(float(loss), 3))
