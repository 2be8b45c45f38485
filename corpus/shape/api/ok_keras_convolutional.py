# pattern: api
# style: keras
# tf: 1.15, 2.21
# keras.layers.convolutional, a module of standalone Keras 2, does not exist in Keras 3
# (ModuleNotFoundError); the layers live in keras.layers.
from keras.layers import Conv2D

conv = Conv2D(16, (3, 3), activation="relu")
print(conv.filters)
