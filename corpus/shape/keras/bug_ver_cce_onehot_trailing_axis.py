# pattern: 11
# style: keras
# tf: 1.15, 2.15, 2.21
# One-hot labels were given a trailing axis "for Keras", (n, 6, 1).  TensorFlow 1.15's
# categorical cross-entropy check sees a last axis of 1 and raises; Keras 2.15 and 3 squeeze
# it and train normally.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(24)
features = rng.normal(size=(42, 10)).astype("float32")
moods = rng.integers(0, 6, size=42)
onehot = np.eye(6, dtype="float32")[moods][:, :, np.newaxis]

model = keras.Sequential([
    layers.Dense(12, activation="relu", input_shape=(10,)),
    layers.Dense(6, activation="softmax"),
])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(features, onehot, epochs=1, batch_size=14, verbose=0)  # expect[1.15]: ST118
