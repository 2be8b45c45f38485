# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A model predicts the three coordinates of a point but is trained on a flat vector of the
# x coordinates, shape (n,).  TensorFlow 1.15 turns it into (n, 1) and raises; Keras 2.15
# does the same and broadcasts it over the three outputs; Keras 3 compares (batch,) with
# (batch, 3) and fails to broadcast.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(15)
scans = rng.normal(size=(48, 9)).astype("float32")
points = rng.normal(size=(48, 3)).astype("float32")
x_coord = points[:, 0]

model = keras.Sequential([
    layers.Dense(12, activation="relu", input_shape=(9,)),
    layers.Dense(3),
])
model.compile(optimizer="adam", loss="mse")
model.fit(scans, x_coord, epochs=1, batch_size=16, verbose=0)  # expect[1.15, 2.21]: ST118  # expect[2.15]: ST204
