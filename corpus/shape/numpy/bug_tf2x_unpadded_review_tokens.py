# pattern: 26
# style: keras
# tf: 2.15, 2.21
# Reviews are tokenised into id lists of different lengths and turned into an int array
# for an Embedding + GRU sentiment model, but the lists are never padded to a common
# length, so numpy cannot build a rectangular (reviews, words) array.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

REVIEWS = [
    "the plot was thin but the acting carried it",
    "dull",
    "a warm funny film with a great cast",
    "i walked out after twenty minutes",
    "beautiful score and camera work",
    "not worth the ticket price at all",
]
SENTIMENT = np.array([1, 0, 1, 0, 1, 0])
MAX_LEN = 10


def build_vocab(texts):
    words = sorted({w for t in texts for w in t.split()})
    return {w: i + 1 for i, w in enumerate(words)}


def encode(texts, vocab):
    return [[vocab[w] for w in t.split()][:MAX_LEN] for t in texts]


vocab = build_vocab(REVIEWS)
token_lists = encode(REVIEWS, vocab)
token_ids = np.array(token_lists, dtype="int32")  # expect: ST126

model = keras.Sequential([
    keras.Input(shape=(MAX_LEN,), dtype="int32"),
    layers.Embedding(len(vocab) + 1, 8, mask_zero=True),
    layers.GRU(8),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
model.fit(token_ids, SENTIMENT, epochs=1, batch_size=3, verbose=0)
print(model.predict(token_ids[:2], verbose=0).ravel())
