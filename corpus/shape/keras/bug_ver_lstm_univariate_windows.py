# pattern: 33
# style: keras
# tf: 1.15, 2.15, 2.21
# A univariate forecaster: an LSTM over 30 past values (input_shape=(30, 1)) trained on
# windows built as (n, 30).  TensorFlow 1.15 wants the feature axis; Keras 2.15 and 3
# supply it.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

LOOKBACK = 30
series = np.sin(np.arange(400) / 7.0).astype("float32")
x = np.array([series[i:i + LOOKBACK] for i in range(len(series) - LOOKBACK)])
y = series[LOOKBACK:]

model = keras.Sequential([
    layers.LSTM(16, input_shape=(LOOKBACK, 1)),
    layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
model.fit(x, y, epochs=1, batch_size=37, verbose=0)  # expect[1.15]: ST117
