# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A regressor predicts ten quantiles of a delivery time, but is trained against the single
# observed time as an (n, 1) column.  TensorFlow 1.15 checks mse targets against the
# output shape and raises; Keras 2.15 and 3 broadcast the column across the ten outputs, so
# every quantile learns the same value: it runs, but computes the wrong thing.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

QUANTILES = 10
rng = np.random.default_rng(8)
features = rng.normal(size=(64, 6)).astype("float32")
observed = rng.gamma(2.0, 10.0, size=(64, 1)).astype("float32")

model = keras.Sequential([
    layers.Dense(32, activation="relu", input_shape=(6,)),
    layers.Dense(QUANTILES),
])
model.compile(optimizer="adam", loss="mse")
model.fit(features, observed, epochs=1, batch_size=16, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
