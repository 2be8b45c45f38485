# pattern: keys
# style: numpy
# Three layer sizes are assumed; the list gives two.
import numpy as np

layer_sizes = [32, 10]
x = np.ones((4, 8))
w1 = np.zeros((8, layer_sizes[0]))
w2 = np.zeros((layer_sizes[0], layer_sizes[2]))  # expect: ST152
print((x @ w1 @ w2).shape)
