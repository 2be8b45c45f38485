# pattern: 28
# style: keras
# tf: 1.15, 2.15, 2.21
# A subclassed regressor predicts 2 quantities per sample while the targets carry 3 columns;
# the mean squared error cannot subtract them.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


class Regressor(keras.Model):
    def __init__(self, n_outputs=2):
        super().__init__()
        self.hidden = [layers.Dense(16, activation="relu") for _ in range(2)]
        self.head = layers.Dense(n_outputs)

    def call(self, x):
        for layer in self.hidden:
            x = layer(x)
        return self.head(x)


rng = np.random.default_rng(17)
features = rng.normal(size=(20, 5)).astype("float32")
targets = rng.normal(size=(20, 3)).astype("float32")
model = Regressor()
model.compile(optimizer="sgd", loss="mean_squared_error")
model.fit(features, targets, epochs=1, batch_size=5, verbose=0)  # expect: ST118
