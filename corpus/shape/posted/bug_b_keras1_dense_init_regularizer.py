# pattern: api
# style: keras
# tf: 1.15, 2.15, 2.21
# source: https://github.com/keras-team/keras/issues/6360
# class: B6
# A Dense layer is given Keras 1's init= and W_regularizer=.  keras 2.3.1 still converts them
# to kernel_initializer and kernel_regularizer; Keras 2.15 raises TypeError ('Keyword argument
# not understood:', 'init') and Keras 3 ValueError ("Unrecognized keyword arguments passed to
# Dense").
import numpy as np
from keras.layers import Dense
from keras.models import Sequential
from keras.regularizers import l2

model = Sequential()
model.add(Dense(250, input_shape=(40,), activation="relu", init="he_normal", W_regularizer=l2(0.001)))  # expect[2.15, 2.21]: ST404
model.add(Dense(1))
model.compile(optimizer="adam", loss="mse")
print(model.predict(np.zeros((2, 40), dtype="float32")).shape)
