# pattern: 10
# style: keras
# Vibration readings from a sensor log: the first column is a row id and the last the fault
# flag, so iloc keeps five sensor channels; the Conv1D model was declared for six.
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(1)
log = pd.DataFrame({
    "row_id": np.arange(32),
    "s1": rng.normal(size=32), "s2": rng.normal(size=32), "s3": rng.normal(size=32),
    "s4": rng.normal(size=32), "s5": rng.normal(size=32),
    "fault": rng.integers(0, 2, size=32),
})

X = log.iloc[:, 1:-1].values.astype("float32")[..., np.newaxis]
y = log.iloc[:, -1].values

model = keras.Sequential([
    layers.Input(shape=(6, 1)),
    layers.Conv1D(8, 3, activation="relu"),
    layers.Flatten(),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(X, y, epochs=1, batch_size=8, verbose=0)  # expect: ST117
