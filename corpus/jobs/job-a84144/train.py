"""Sentiment classifier on a toy review set."""

import numpy as np

from model import build_classifier


TEXTS = ['great cast and a sharp script', 'too long and far too loud', 'dull plot and wooden acting', 'a moving and clever story', 'the best thing i saw this year', 'the film was a delight from start to end']
LABELS = [1, 0, 0, 1, 1, 1]


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


MAX_LEN = 10


def main():
    vocab = build_vocab(TEXTS)
    by_id = sorted(vocab.items(), cmp=lambda a, b: a[1] - b[1])
    inputs = encode(TEXTS, vocab, MAX_LEN)
    targets = np.array(LABELS, dtype="float32")
    model = build_classifier(len(vocab))
    model.fit(inputs, targets, epochs=2, batch_size=2, verbose=2)
    probs = model.predict(encode(["a clever film"], vocab, MAX_LEN), verbose=0)
    print("positive probability: %.3f" % probs[0][0])


if __name__ == "__main__":
    main()
