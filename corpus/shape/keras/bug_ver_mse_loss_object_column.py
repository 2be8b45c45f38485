# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# An RGB colour predictor compiled with a MeanSquaredError object is trained against the
# grey level of each colour, an (n, 1) column.  TensorFlow 1.15 checks MeanSquaredError
# targets too and raises; Keras 2.15 and 3 broadcast the grey level over R, G and B.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(12)
descriptions = rng.normal(size=(45, 20)).astype("float32")
colours = rng.random((45, 3)).astype("float32")
grey = colours.mean(axis=1, keepdims=True)

model = keras.Sequential([
    layers.Dense(16, activation="relu", input_shape=(20,)),
    layers.Dense(3, activation="sigmoid"),
])
model.compile(optimizer="adam", loss=keras.losses.MeanSquaredError())
model.fit(descriptions, grey, epochs=1, batch_size=15, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
