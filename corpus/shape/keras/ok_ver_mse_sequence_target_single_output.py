# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A next-day load forecaster (one output) is trained on the whole next week of load,
# (n, 7).  TensorFlow 1.15 raises; Keras 2.15 and 3 compare the one prediction with each of
# the seven days.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(14)
load = rng.random(500).astype("float32")
weeks = np.stack([load[i:i + 28] for i in range(0, 420, 7)])
following = np.stack([load[i + 28:i + 35] for i in range(0, 420, 7)])

model = keras.Sequential([
    layers.Dense(16, activation="relu", input_shape=(28,)),
    layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
model.fit(weeks, following[:, :1], epochs=1, batch_size=12, verbose=0)
