# pattern: 12
# style: keras
# Two categorical columns are label-encoded in one call; LabelEncoder takes a single 1-D
# column of labels, and the (rows, 2) selection is refused.
import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(16)
cars = pd.DataFrame({
    "maker": rng.choice(["audi", "bmw", "fiat"], size=12),
    "fuel": rng.choice(["diesel", "petrol"], size=12),
    "price": rng.normal(20.0, 4.0, size=12),
})
codes = LabelEncoder().fit_transform(cars["maker"])
features = np.stack([codes, cars["price"].values], axis=1).astype("float32")
model = keras.Sequential([layers.Input(shape=(2,)), layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(features, cars["price"].values, epochs=1, verbose=0)
