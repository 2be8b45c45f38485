# pattern: 13
# style: keras
# A house-price regressor: train_test_split returns X_train, X_test, y_train, y_test, but the
# script unpacks the labels in the wrong order and trains on the 30 training rows against the
# 10 test targets.
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(2)
houses = pd.DataFrame({
    "rooms": rng.integers(1, 6, size=40).astype("float32"),
    "area": rng.normal(90.0, 20.0, size=40),
    "age": rng.integers(0, 60, size=40).astype("float32"),
    "price": rng.normal(300.0, 50.0, size=40),
})
features = houses[["rooms", "area", "age"]].values.astype("float32")
prices = houses["price"].values.astype("float32")

X_train, X_test, y_test, y_train = train_test_split(features, prices, test_size=0.25, random_state=0)

model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(8, activation="relu"), layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(X_train, y_train, epochs=1, batch_size=10, verbose=0)  # expect: ST118
