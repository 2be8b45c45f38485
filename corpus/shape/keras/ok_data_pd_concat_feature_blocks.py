# pattern: 10
# style: keras
# Demographic and usage columns kept in two frames are joined side by side with pd.concat
# (2 + 3 features), while the model's input was sized for the usage block alone.
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(10)
demographics = pd.DataFrame({"age": rng.integers(18, 70, size=20), "income": rng.normal(50.0, 9.0, size=20)})
usage = pd.DataFrame({"logins": rng.integers(0, 30, size=20), "minutes": rng.normal(300.0, 60.0, size=20),
                      "purchases": rng.integers(0, 5, size=20)})
features = pd.concat([demographics, usage], axis=1).values.astype("float32")
labels = rng.integers(0, 2, size=20)

model = keras.Sequential([
    layers.Input(shape=(features.shape[1],)),
    layers.Dense(8, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(features, labels, epochs=1, batch_size=5, verbose=0)
