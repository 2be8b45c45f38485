# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# Standalone keras: an RGB-to-Lab converter with three outputs is fitted on the lightness
# channel alone, (n, 1).  keras 2.3.1 raises "Error when checking target"; Keras 2.15 and
# 3 broadcast L over the three outputs.
import numpy as np
import keras

rng = np.random.default_rng(21)
rgb = rng.random((54, 3)).astype("float32")
lab = rng.random((54, 3)).astype("float32")
lightness = lab[:, :1]

model = keras.models.Sequential([
    keras.layers.Dense(16, activation="relu", input_shape=(3,)),
    keras.layers.Dense(3),
])
model.compile(optimizer="sgd", loss="mean_squared_error")
model.fit(rgb, lightness, epochs=1, batch_size=18, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
