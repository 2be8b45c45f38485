# pattern: clean
# style: keras
# tf: 2.15, 2.21
# A sentiment classifier over padded word-index sequences: embedding, a bidirectional LSTM
# encoder, a second LSTM and a sigmoid head; also a per-token tagger with TimeDistributed.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

VOCAB_SIZE = 500
MAX_LEN = 30
EMBED_DIM = 16
N_TAGS = 5


def random_reviews(n, seed):
    rng = np.random.default_rng(seed)
    lengths = rng.integers(5, MAX_LEN + 10, size=n)
    sequences = [list(rng.integers(1, VOCAB_SIZE, size=length)) for length in lengths]
    labels = rng.integers(0, 2, size=n).astype("float32")
    return sequences, labels


def build_sentiment_model():
    model = keras.Sequential([
        keras.Input(shape=(MAX_LEN,), dtype="int32"),
        layers.Embedding(VOCAB_SIZE, EMBED_DIM, mask_zero=True),
        layers.Bidirectional(layers.LSTM(16, return_sequences=True)),
        layers.LSTM(8),
        layers.Dense(8, activation="relu"),
        layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return model


def build_tagger():
    tokens = keras.Input(shape=(MAX_LEN,))
    x = layers.Embedding(VOCAB_SIZE, EMBED_DIM)(tokens)
    x = layers.GRU(12, return_sequences=True)(x)
    tags = layers.TimeDistributed(layers.Dense(N_TAGS, activation="softmax"))(x)
    tagger = keras.Model(tokens, tags)
    tagger.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return tagger


reviews, sentiment = random_reviews(24, seed=0)
padded = keras.utils.pad_sequences(reviews, maxlen=MAX_LEN, padding="post", truncating="post")
model = build_sentiment_model()
model.fit(padded, sentiment, batch_size=8, epochs=1, validation_split=0.25, verbose=0)
print("positive probability:", float(model.predict(padded[:1], verbose=0)[0, 0]))

tags = np.random.default_rng(1).integers(0, N_TAGS, size=(24, MAX_LEN))
tagger = build_tagger()
tagger.fit(padded, tags, batch_size=8, epochs=1, verbose=0)
print("tag scores:", tagger.predict(padded[:2], verbose=0).shape)
