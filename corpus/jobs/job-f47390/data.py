"""Vocabulary and encoding."""

import numpy as np


TEXTS = ['dull plot and wooden acting', 'great cast and a sharp script', 'the film was a delight from start to end', 'i walked out after twenty minutes', 'the best thing i saw this year', 'a mess of a movie']
LABELS = [0, 1, 1, 0, 1, 0]


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
