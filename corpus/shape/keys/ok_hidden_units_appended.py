# pattern: keys
# style: numpy
# Hidden sizes are appended twice; the output layer reads a third.
import numpy as np

hidden = []
hidden.append(64)
hidden.append(32)
weights = np.zeros((hidden[0], hidden[1]))
output = np.zeros((hidden[1], 10))
print(weights.shape, output.shape)
