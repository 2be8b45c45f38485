# pattern: 26
# style: numpy
# Intensity histogram of the pixels inside a segmentation mask: the mask is flattened
# for the weights while the image keeps its 2-D shape, and np.histogram compares the
# two shapes exactly (it does not flatten the weights for you).
import numpy as np

HEIGHT, WIDTH, BINS = 48, 64, 16
image = np.random.rand(HEIGHT, WIDTH)
mask = (np.random.rand(HEIGHT, WIDTH) > 0.5).astype(np.float64)
weights = mask
counts, edges = np.histogram(image, bins=BINS, range=(0.0, 1.0), weights=weights)
centres = (edges[:-1] + edges[1:]) / 2
print(centres.shape, counts.shape, float((counts * centres).sum() / counts.sum()))
