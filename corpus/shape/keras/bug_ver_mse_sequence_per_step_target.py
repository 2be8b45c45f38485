# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A sequence model predicts three sensor channels at each of 12 steps, but the targets
# were saved with only the first channel, (n, 12, 1).  TensorFlow 1.15 raises; Keras 2.15
# and 3 broadcast that channel across the three outputs of every step.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

STEPS, CHANNELS = 12, 3
rng = np.random.default_rng(11)
history = rng.normal(size=(40, STEPS, 5)).astype("float32")
future = rng.normal(size=(40, STEPS, CHANNELS)).astype("float32")
targets = future[:, :, :1]

model = keras.Sequential([
    layers.LSTM(16, return_sequences=True, input_shape=(STEPS, 5)),
    layers.Dense(CHANNELS),
])
model.compile(optimizer="adam", loss="mse")
model.fit(history, targets, epochs=1, batch_size=8, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
