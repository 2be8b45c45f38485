# pattern: 26
# style: numpy
# tf: 1.15, 2.15, 2.21
# Preparing flattened 28x28 grayscale digits for a model that takes RGB input by reshaping
# them to (-1, 28, 28, 3): there are not three values per pixel to reshape into.
import numpy as np

rng = np.random.RandomState(0)
flat_digits = rng.rand(10, 784).astype(np.float32)
images = flat_digits.reshape(-1, 28, 28, 3)  # expect: ST104
mean_per_channel = images.mean(axis=(0, 1, 2))
print(images.shape, mean_per_channel)
