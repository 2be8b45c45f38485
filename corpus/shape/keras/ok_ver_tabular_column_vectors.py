# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# Eight sensor readings per sample were collected as (8, 1) column vectors and stacked to
# (n, 8, 1); the MLP declares input_shape=(8,).  TensorFlow 1.15 refuses the rank-3 array;
# Keras 2.15 and 3 squeeze the trailing 1 and train.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(5)
readings = [rng.normal(size=(8, 1)) for _ in range(60)]
x = np.stack(readings).astype("float32")[:, :, 0]
y = rng.integers(0, 2, size=60).astype("float32")

model = keras.Sequential([
    layers.Dense(16, activation="relu", input_shape=(8,)),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(x, y, epochs=1, batch_size=20, verbose=0)
