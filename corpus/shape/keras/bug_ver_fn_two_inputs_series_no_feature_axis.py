# pattern: 33
# style: keras
# tf: 1.15, 2.15, 2.21
# A two-input functional model: a GRU over a (24, 1) price series and a dense branch over
# six static features.  The series array is (n, 24).  TensorFlow 1.15 raises on the second
# input's rank; Keras 2.15 and 3 add the feature axis.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(19)
static = rng.normal(size=(30, 6)).astype("float32")
prices = rng.normal(size=(30, 24)).astype("float32")
moves = rng.integers(0, 2, size=30).astype("float32")

static_in = keras.Input(shape=(6,))
series_in = keras.Input(shape=(24, 1))
merged = layers.concatenate([layers.Dense(8)(static_in), layers.GRU(8)(series_in)])
model = keras.Model([static_in, series_in], layers.Dense(1, activation="sigmoid")(merged))
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit([static, prices], moves, epochs=1, batch_size=10, verbose=0)  # expect[1.15]: ST117
