# pattern: 10
# style: keras
# A weather model reads three columns of a station log (usecols), cuts them into blocks of six
# hours and trains an LSTM declared for four features per step.
import io

import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(8)
lines = ["time,temp,humidity,wind,station"] + [
    f"{hour},{t:.1f},{h:.1f},{w:.1f},A" for hour, (t, h, w) in enumerate(rng.normal(10.0, 3.0, size=(24, 3)))]
log = pd.read_csv(io.StringIO("\n".join(lines)), usecols=["temp", "humidity", "wind"])

WINDOW = 6
values = log.values.astype("float32")
blocks = values.reshape(-1, WINDOW, values.shape[1])
targets = blocks[:, -1, 0]

model = keras.Sequential([layers.Input(shape=(WINDOW, 3)), layers.LSTM(8), layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(blocks, targets, epochs=1, batch_size=2, verbose=0)
