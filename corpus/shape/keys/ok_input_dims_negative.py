# pattern: keys
# style: numpy
# The second-to-last input dim is read from a list that has one.
import numpy as np

input_dims = [784]
features = np.zeros((2, input_dims[-1]))
height = input_dims[-1]
print(features.shape, height)
