# pattern: 33
# style: keras
# tf: 2.15, 2.21
# A two-layer LSTM forecaster: the first LSTM returns only its last output, so the second
# LSTM receives a 2-D tensor instead of a sequence.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

WINDOW = 12
FEATURES = 3


def make_windows(series, window):
    xs = np.stack([series[i:i + window] for i in range(len(series) - window)])
    ys = series[window:, 0]
    return xs.astype("float32"), ys.astype("float32")


series = np.random.default_rng(1).normal(size=(60, FEATURES))
x, y = make_windows(series, WINDOW)

model = keras.Sequential([
    layers.Input(shape=(WINDOW, FEATURES)),
    layers.LSTM(32, return_sequences=True),
    layers.LSTM(16),
    layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
model.fit(x, y, epochs=1, batch_size=16, verbose=0)
