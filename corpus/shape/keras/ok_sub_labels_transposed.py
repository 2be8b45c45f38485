# pattern: 13
# style: keras
# tf: 1.15, 2.15, 2.21
# A subclassed multi-label tagger: the tag matrix is assembled tag-by-tag as rows, giving
# (tags, samples), and fit receives it without a transpose.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

N_TAGS = 6


class Tagger(keras.Model):
    def __init__(self, n_tags):
        super().__init__()
        self.body = layers.Dense(24, activation="relu")
        self.tags = layers.Dense(n_tags, activation="sigmoid")

    def call(self, x):
        return self.tags(self.body(x))


rng = np.random.default_rng(14)
documents = rng.random((30, 50)).astype("float32")
tag_rows = [rng.integers(0, 2, size=30) for _ in range(N_TAGS)]
tag_matrix = np.stack(tag_rows, axis=1).astype("float32")

model = Tagger(N_TAGS)
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(documents, tag_matrix, epochs=1, batch_size=10, verbose=0)
