# pattern: 11
# style: keras
# Ticket priorities are stored as class ids in a DataFrame column; the classifier is compiled
# with categorical cross-entropy, which wants one-hot rows, not the ids.
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(9)
tickets = pd.DataFrame({
    "words": rng.integers(5, 400, size=24).astype("float32"),
    "replies": rng.integers(0, 9, size=24).astype("float32"),
    "attachments": rng.integers(0, 3, size=24).astype("float32"),
    "priority": rng.integers(0, 3, size=24),
})
X = tickets[["words", "replies", "attachments"]].values
y = tickets["priority"].values

model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(8, activation="relu"),
                          layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(X, y, epochs=1, batch_size=8, verbose=0)
