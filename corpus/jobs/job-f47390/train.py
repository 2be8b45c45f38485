"""Sentiment classifier on a toy review set."""

import numpy as np
import tensorflow as tf

from data import TEXTS, LABELS, build_vocab, encode
from model import build_classifier

print("TensorFlow version:", tf.__version__)


MAX_LEN = 10


def main():
    vocab = build_vocab(TEXTS)
    inputs = encode(TEXTS, vocab, MAX_LEN)
    targets = np.array(LABELS, dtype="float32")
    model = build_classifier(len(vocab))
    model.fit(inputs, targets, epochs=2, batch_size=2, verbose=2)
    probs = model.predict_classes(encode(["a clever film"], vocab, MAX_LEN), verbose=0)
    print("positive probability: %.3f" % probs[0][0])


if __name__ == "__main__":
    main()
