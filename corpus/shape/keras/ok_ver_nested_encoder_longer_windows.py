# pattern: 9
# style: keras
# tf: 1.15, 2.15, 2.21
# A recurrent encoder built as its own model for windows of 20 steps is reused inside a model
# whose windows are 30 steps long.  TensorFlow 1.15 builds the nested model again for the new
# length (an LSTM takes any number of steps) and trains; Keras 2.15 only warns at the call and
# raises when fit runs the model ("expected shape=(None, 20, 4), found shape=(None, 30, 4)");
# Keras 3 raises at the call.  Written for this corpus, not posted.
import numpy as np
from tensorflow import keras

steps = keras.Input(shape=(20, 4))
encoder = keras.Model(steps, keras.layers.LSTM(6)(steps))

windows = keras.Input(shape=(20, 4))
code = encoder(windows)
forecast = keras.layers.Dense(1)(code)
model = keras.Model(windows, forecast)
model.compile(optimizer="adam", loss="mse")
series = np.random.RandomState(4).rand(8, 20, 4).astype("float32")
model.fit(series, series[:, -1, :1], epochs=1, batch_size=4, verbose=0)
print(model.predict(series).shape)
