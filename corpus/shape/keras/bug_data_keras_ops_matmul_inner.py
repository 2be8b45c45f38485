# pattern: 1
# style: keras
# tf: 2.21
# A projection written with keras.ops multiplies the (None, 32) features by a weight matrix
# whose rows were sized for the 64 features of another block.
import numpy as np
import keras
from keras import ops

features = keras.Input(shape=(32,))
projection = np.random.rand(64, 8).astype("float32")
projected = ops.matmul(features, projection)  # expect: ST101
model = keras.Model(features, projected)
model.summary()
