# pattern: 13
# style: keras
# tf: 1.15, 2.15, 2.21
# Sensor readings classified into 5 states: the one-hot label matrix was built as
# (classes, samples) and never transposed, so it has 5 rows for 40 samples.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

N_STATES = 5
N_SAMPLES = 40


def one_hot_columns(states, depth):
    encoded = np.zeros((depth, len(states)), dtype="float32")
    encoded[states, np.arange(len(states))] = 1.0
    return encoded


rng = np.random.default_rng(11)
readings = rng.normal(size=(N_SAMPLES, 6)).astype("float32")
states = rng.integers(0, N_STATES, size=N_SAMPLES)
labels = one_hot_columns(states, N_STATES)

model = keras.Sequential([
    keras.Input((6,)),
    layers.Dense(12, activation="tanh"),
    layers.Dense(N_STATES, activation="softmax"),
])
model.compile(optimizer="sgd", loss="categorical_crossentropy")
model.fit(readings, labels, epochs=1, verbose=0)  # expect: ST118
