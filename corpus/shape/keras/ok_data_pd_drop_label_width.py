# pattern: 10
# style: keras
# A churn classifier on a small customer table built with pandas: the label column is dropped
# before training, but the input layer was sized with the label still counted (7 columns).
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(0)
customers = pd.DataFrame({
    "tenure": rng.integers(1, 72, size=24),
    "monthly": rng.normal(60.0, 15.0, size=24),
    "total": rng.normal(1500.0, 400.0, size=24),
    "tickets": rng.integers(0, 5, size=24),
    "age": rng.integers(18, 80, size=24),
    "seniority": rng.integers(0, 2, size=24),
    "churned": rng.integers(0, 2, size=24),
})
N_COLUMNS = 6

X = customers.drop(columns=["churned"]).values.astype("float32")
y = customers["churned"].values

model = keras.Sequential([
    layers.Input(shape=(N_COLUMNS,)),
    layers.Dense(16, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(X, y, epochs=1, batch_size=8, verbose=0)
