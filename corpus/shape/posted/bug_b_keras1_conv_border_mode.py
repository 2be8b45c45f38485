# pattern: api
# style: keras
# tf: 1.15, 2.15, 2.21
# source: https://github.com/Theano/Theano/issues/6765
# class: B6
# Parallel convolutions of kernel 3, 5 and 7 are written with Keras 1's border_mode='same'.
# keras 2.3.1 (beside TensorFlow 1.15) still maps it to padding with a warning; Keras 2.15
# raises TypeError ('Keyword argument not understood:', 'border_mode'), Keras 3 ValueError
# "Unrecognized keyword arguments passed to Conv2D".
import numpy as np
from keras.layers import Concatenate, Conv2D, Dense, Flatten, Input
from keras.models import Model

inp = Input(shape=(50, 50, 1))
convs = []
for kernel in [3, 5, 7]:
    conv = Conv2D(16, kernel, border_mode="same", activation="relu", strides=1)(inp)  # expect[2.15, 2.21]: ST404
    convs.append(conv)
out = Dense(2, activation="softmax")(Flatten()(Concatenate()(convs)))
model = Model(inp, out)
print(model.predict(np.zeros((1, 50, 50, 1), dtype="float32")).shape)
