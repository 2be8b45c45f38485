# pattern: 10
# style: keras
# A body-mass feature is added to the patient frame before training, so four features reach
# the model, whose input layer still counts the three original measurements.
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(18)
patients = pd.DataFrame({
    "height": rng.normal(1.7, 0.1, size=20),
    "weight": rng.normal(72.0, 12.0, size=20),
    "age": rng.integers(20, 80, size=20).astype("float64"),
    "diabetic": rng.integers(0, 2, size=20),
})
patients["bmi"] = patients["weight"] / patients["height"] ** 2
MEASUREMENTS = 4

X = patients.drop(columns=["diabetic"]).values.astype("float32")
y = patients["diabetic"].values
model = keras.Sequential([
    layers.Input(shape=(MEASUREMENTS,)),
    layers.Dense(8, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(X, y, epochs=1, batch_size=5, verbose=0)
