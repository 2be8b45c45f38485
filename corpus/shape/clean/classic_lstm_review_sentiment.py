# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# Sentiment-style LSTM text model: integer token ids padded to a fixed length with
# pad_sequences, Embedding with mask_zero, a bidirectional LSTM that returns sequences,
# a second LSTM that returns the final state, and a sigmoid output.
import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.sequence import pad_sequences

VOCAB = 300
MAXLEN = 25
EMBED_DIM = 16


def fake_reviews(count, rng):
    """Token id lists of varying length; label 1 when small ids dominate."""
    reviews, labels = [], []
    for _ in range(count):
        length = rng.randint(5, 40)
        tokens = rng.randint(1, VOCAB, size=length)
        reviews.append(tokens.tolist())
        labels.append(int(np.mean(tokens) < VOCAB / 2))
    return reviews, np.array(labels, dtype="float32")


def build(vocab, maxlen):
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(maxlen,), dtype="int32"),
        tf.keras.layers.Embedding(vocab, EMBED_DIM, mask_zero=True),
        tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(12, return_sequences=True)),
        tf.keras.layers.LSTM(8),
        tf.keras.layers.Dense(8, activation="relu"),
        tf.keras.layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(optimizer="rmsprop", loss="binary_crossentropy", metrics=["accuracy"])
    return model


rng = np.random.RandomState(5)
texts, targets = fake_reviews(48, rng)
padded = pad_sequences(texts, maxlen=MAXLEN, padding="post", truncating="post")
print("padded", padded.shape)

model = build(VOCAB, MAXLEN)
model.fit(padded[:40], targets[:40], batch_size=10, epochs=1, verbose=0)
loss, acc = model.evaluate(padded[40:], targets[40:], verbose=0)
print("eval loss %.3f acc %.2f" % (loss, acc))

new_text = [[4, 17, 99, 3], [250, 251, 280, 299, 10, 7]]
scores = model.predict(pad_sequences(new_text, maxlen=MAXLEN, padding="post"), verbose=0)
for tokens, score in zip(new_text, scores[:, 0]):
    print(len(tokens), "tokens ->", round(float(score), 3))
