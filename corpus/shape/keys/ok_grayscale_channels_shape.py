# pattern: keys
# style: numpy
# tf: 1.15, 2.15, 2.21
# The images are grayscale (N, 28, 28); the code reads a channel axis from their shape.
import numpy as np

images = np.zeros((100, 28, 28), dtype=np.float32)
images = images.reshape((100, 28, 28, 1))
height, width = images.shape[1], images.shape[2]
channels = images.shape[3]
print(height * width * channels)
