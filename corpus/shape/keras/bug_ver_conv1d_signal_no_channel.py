# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# A 1-D CNN over 128-sample accelerometer windows declares input_shape=(128, 1); the windows
# are cut as (n, 128).  TensorFlow 1.15 raises on the rank; Keras 2.15 and 3 add the
# trailing channel axis.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

WINDOW = 128
rng = np.random.default_rng(4)
signal = rng.normal(size=6400).astype("float32")
windows = signal.reshape(-1, WINDOW)
steps = rng.integers(0, 2, size=len(windows))

model = keras.Sequential([
    layers.Conv1D(8, 9, activation="relu", input_shape=(WINDOW, 1)),
    layers.GlobalMaxPooling1D(),
    layers.Dense(2, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(windows, steps, epochs=1, batch_size=10, verbose=0)  # expect[1.15]: ST117
