# pattern: 28
# style: keras
# A spam filter: LabelBinarizer turns the two classes into a single 0/1 column, but the model
# ends in a two-unit softmax under categorical cross-entropy, which wants two columns.
import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelBinarizer
from tensorflow import keras
from tensorflow.keras import layers

CLASSES = ["ham", "spam"]
rng = np.random.default_rng(3)
messages = pd.DataFrame({
    "length": rng.integers(10, 300, size=16).astype("float32"),
    "links": rng.integers(0, 4, size=16).astype("float32"),
    "caps": rng.random(16).astype("float32"),
    "kind": rng.choice(CLASSES, size=16),
})
binarizer = LabelBinarizer()
binarizer.fit(CLASSES)
targets = binarizer.transform(messages["kind"])
features = messages[["length", "links", "caps"]].values

model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(8, activation="relu"),
                          layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(features, targets, epochs=1, batch_size=8, verbose=0)
