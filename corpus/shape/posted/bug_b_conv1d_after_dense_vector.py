# pattern: 33
# style: keras
# tf: 1.15
# source: https://github.com/keras-team/keras/issues/7136
# class: B2
# Vectors of 7200 values go through a Dense layer and then Conv1D; the Dense output is
# (None, 64), a vector per sample with no step axis, so Conv1D cannot be applied to it.
import numpy as np
from keras.layers import Conv1D, Dense, Flatten, Input, Reshape
from keras.models import Model

inputs = Input(shape=(7200,))
dense1 = Dense(64, activation="relu")(inputs)
steps = dense1
conv1 = Conv1D(16, 3, activation="relu")(steps)  # expect: ST117
outputs = Dense(1)(Flatten()(conv1))
model = Model(inputs=inputs, outputs=outputs)
model.compile(optimizer="rmsprop", loss="msle")
print(model.predict(np.random.rand(3, 7200)).shape)
