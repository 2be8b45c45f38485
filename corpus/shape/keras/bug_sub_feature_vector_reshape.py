# pattern: 26
# style: keras
# tf: 1.15, 2.15, 2.21
# A subclassed scoring model takes 12 features; a single query record is reshaped to (1, 10)
# because two engineered features were forgotten in the count.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

N_FEATURES = 12


class Scorer(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = layers.Dense(8, activation="relu")
        self.score = layers.Dense(1)

    def call(self, x):
        return self.score(self.hidden(x))


rng = np.random.default_rng(23)
records = rng.normal(size=(16, N_FEATURES)).astype("float32")
scores = rng.normal(size=(16, 1)).astype("float32")
model = Scorer()
model.compile(optimizer="adam", loss="mse")
model.fit(records, scores, epochs=1, batch_size=4, verbose=0)

query = np.concatenate([rng.normal(size=10), [1.0, 0.0]]).astype("float32")
query = query.reshape(1, 10)  # expect: ST104
print(model.predict(query, verbose=0))
