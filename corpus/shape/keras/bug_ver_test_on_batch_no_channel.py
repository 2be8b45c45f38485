# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# Validation in a custom loop with test_on_batch: the validation tiles are (n, 16, 16) while
# the model declares (16, 16, 1).  TensorFlow 1.15 raises; Keras 2.15 and 3 add the axis.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(18)
tiles = rng.random((40, 16, 16, 1)).astype("float32")
cloudy = rng.integers(0, 2, size=40).astype("float32")
model = keras.Sequential([
    layers.Conv2D(4, 3, activation="relu", input_shape=(16, 16, 1)),
    layers.Flatten(),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
for epoch in range(2):
    model.train_on_batch(tiles[:32], cloudy[:32])
    val_tiles = tiles[32:, :, :, 0]
    print(epoch, model.test_on_batch(val_tiles, cloudy[32:]))  # expect[1.15]: ST117
