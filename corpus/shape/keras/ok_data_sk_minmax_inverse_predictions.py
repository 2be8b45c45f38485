# pattern: 6
# style: keras
# A price forecaster scales three market columns with one MinMaxScaler and predicts the
# closing price; turning the one-column predictions back into prices with the three-column
# scaler fails to broadcast.
import numpy as np
import pandas as pd
from sklearn.preprocessing import MinMaxScaler
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(7)
prices = pd.DataFrame({
    "open": rng.normal(100.0, 5.0, size=30),
    "high": rng.normal(105.0, 5.0, size=30),
    "close": rng.normal(101.0, 5.0, size=30),
})
scaler = MinMaxScaler()
scaled = scaler.fit_transform(prices[["open", "high", "close"]])
close_scaler = MinMaxScaler().fit(prices[["close"]])
X, y = scaled[:-1], scaled[1:, 2]

model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(8, activation="relu"), layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(X, y, epochs=1, batch_size=8, verbose=0)
predicted = model.predict(X[-5:], verbose=0)
forecast = close_scaler.inverse_transform(predicted)
