# pattern: 26
# style: keras
# tf: 1.15, 2.15, 2.21
# Pixel rows read from a CSV export are turned into images for a functional CNN; the reshape
# uses the wrong image size (32x32 instead of 28x28).
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

SIDE = 28


def read_pixel_rows(n, seed=0):
    rng = np.random.default_rng(seed)
    table = rng.integers(0, 256, size=(n, 1 + SIDE * SIDE))
    return table[:, 1:].astype("float32") / 255.0, table[:, 0] % 10


pixels, digits = read_pixel_rows(20)
images = pixels.reshape(-1, SIDE, SIDE, 1)

inputs = keras.Input(shape=(SIDE, SIDE, 1))
x = layers.Conv2D(8, 3, activation="relu")(inputs)
x = layers.GlobalMaxPooling2D()(x)
outputs = layers.Dense(10, activation="softmax")(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(images, digits, epochs=1, batch_size=5, verbose=0)
