# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# House-price style regression with a custom loss: a pinball (quantile) loss written as a
# function and a Huber-like loss written as a keras Loss subclass; the model predicts three
# quantiles at once and a second model uses the class loss. Inputs are standardised first.
import numpy as np
import tensorflow as tf
from tensorflow import keras

QUANTILES = [0.1, 0.5, 0.9]


def pinball_loss(y_true, y_pred):
    """y_true: [batch, 1]; y_pred: [batch, len(QUANTILES)]."""
    q = tf.constant(QUANTILES, dtype=y_pred.dtype)
    error = y_true - y_pred
    return tf.reduce_mean(tf.maximum(q * error, (q - 1.0) * error), axis=-1)


class LogCoshWithFloor(keras.losses.Loss):
    def __init__(self, floor=0.01, name="logcosh_floor"):
        super().__init__(name=name)
        self.floor = floor

    def call(self, y_true, y_pred):
        y_true = tf.cast(y_true, y_pred.dtype)
        loss = tf.math.log(tf.cosh(y_pred - y_true))
        return tf.maximum(tf.reduce_mean(loss, axis=-1), self.floor)


def regressor(n_features, n_outputs):
    inputs = keras.Input(shape=(n_features,))
    x = keras.layers.Dense(32, activation="relu")(inputs)
    x = keras.layers.Dense(16, activation="relu")(x)
    return keras.Model(inputs, keras.layers.Dense(n_outputs)(x))


rng = np.random.RandomState(99)
rooms = rng.randint(1, 7, size=80)
area = rng.uniform(30, 200, size=80)
age = rng.uniform(0, 60, size=80)
features = np.column_stack([rooms, area, age]).astype("float32")
price = (20 * rooms + 1.5 * area - 0.8 * age + rng.normal(0, 10, size=80)).astype("float32")
mean, std = features.mean(axis=0), features.std(axis=0)
features = (features - mean) / std
target = (price / 100.0).reshape(-1, 1)

quantile_model = regressor(features.shape[1], len(QUANTILES))
quantile_model.compile(optimizer="adam", loss=pinball_loss)
quantile_model.fit(features, target, epochs=1, batch_size=16, verbose=0)
bands = quantile_model.predict(features[:4], verbose=0)
print("quantile bands (x100):", np.round(bands * 100, 1))

point_model = regressor(features.shape[1], 1)
point_model.compile(optimizer=keras.optimizers.Adam(5e-3), loss=LogCoshWithFloor(), metrics=["mae"])
point_model.fit(features, target, epochs=1, batch_size=16, verbose=0)
loss, mae = point_model.evaluate(features, target, verbose=0)
print("log-cosh %.4f  mae %.4f" % (loss, mae))
