"""Sentiment classifier on a toy review set."""

import numpy as np
import tensorflow as tf


TEXTS = ['too long and far too loud', 'great cast and a sharp script', 'dull plot and wooden acting', 'a mess of a movie', 'i walked out after twenty minutes', 'the film was a delight from start to end']
LABELS = [0, 1, 0, 0, 0, 1]


def build_vocab(texts):
    vocab = {"<pad>": 0, "<unk>": 1}
    for text in texts:
        for word in text.split():
            if word not in vocab:
                vocab[word] = len(vocab)
    return vocab


def encode(texts, vocab, max_len):
    ids = np.zeros((len(texts), max_len), dtype="int32")
    for row, text in enumerate(texts):
        for col, word in enumerate(text.split()[:max_len]):
            ids[row, col] = vocab.get(word, vocab["<unk>"])
    return ids


def build_classifier(vocab_size, embed_dim=16, max_len=8):
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(max_len,)),
        tf.keras.layers.Embedding(vocab_size, embed_dim),
        tf.keras.layers.GlobalAveragePooling1D(),
        tf.keras.layers.Dense(output_dim=1, activation="sigmoid"),
    ])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return model


MAX_LEN = 8


def main():
    vocab = build_vocab(TEXTS)
    inputs = encode(TEXTS, vocab, MAX_LEN)
    targets = np.array(LABELS, dtype="float32")
    model = build_classifier(len(vocab))
    model.fit(inputs, targets, epochs=2, batch_size=2, verbose=2)
    probs = model.predict(encode(["a clever film"], vocab, MAX_LEN), verbose=0)
    print("positive probability: %.3f" % probs[0][0])


if __name__ == "__main__":
    main()
