# pattern: 26
# style: keras
# Rows are shuffled with sklearn.utils.shuffle and regrouped as two-step sequences for a GRU;
# the reshape assumes 4 features per step, but the 6 columns of a row make 3 per step.
import numpy as np
from sklearn.utils import shuffle
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(15)
table = rng.normal(size=(30, 6)).astype("float32")
labels = rng.integers(0, 2, size=30)
table, labels = shuffle(table, labels, random_state=0)

STEPS, FEATURES = 2, 4
sequences = table.reshape(len(table), STEPS, FEATURES)  # expect: ST104
model = keras.Sequential([layers.Input(shape=(STEPS, FEATURES)), layers.GRU(4), layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(sequences, labels, epochs=1, batch_size=10, verbose=0)
