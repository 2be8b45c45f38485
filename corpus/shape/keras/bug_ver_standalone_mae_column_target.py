# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# Written for the standalone keras package: five price forecasts per product trained with
# mean absolute error against the last observed price as an (n, 1) column.  keras 2.3.1
# (beside TensorFlow 1.15) checks the target against the output shape and raises; Keras
# 2.15 and 3 broadcast the column over the five forecasts.
import numpy as np
from keras.layers import Dense
from keras.models import Sequential

rng = np.random.default_rng(20)
history = rng.random((40, 12)).astype("float32")
last_price = history[:, -1:]

model = Sequential()
model.add(Dense(24, activation="relu", input_shape=(12,)))
model.add(Dense(5))
model.compile(optimizer="adam", loss="mae")
model.fit(history, last_price, epochs=1, batch_size=8, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
