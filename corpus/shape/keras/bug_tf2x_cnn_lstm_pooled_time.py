# pattern: 33
# style: keras
# tf: 1.15, 2.15, 2.21
# A CNN-LSTM for classifying DNA reads: Conv1D motif detectors feed an LSTM.  The author
# inserted GlobalMaxPooling1D after the convolutions, which removes the time axis, so
# the LSTM receives a 2-D (batch, filters) tensor instead of a sequence.
import argparse

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

BASES = "ACGT"


def parse_args():
    parser = argparse.ArgumentParser(description="CNN-LSTM read classifier")
    parser.add_argument("--read-len", type=int, default=60)
    parser.add_argument("--motif-filters", type=int, default=16)
    parser.add_argument("--motif-width", type=int, default=7)
    parser.add_argument("--lstm-units", type=int, default=12)
    parser.add_argument("--n-reads", type=int, default=24)
    return parser.parse_args()


def random_reads(n, length, rng):
    reads = ["".join(rng.choice(list(BASES), size=length)) for _ in range(n)]
    labels = np.array([int("TATA" in r) for r in reads], dtype="float32")
    return reads, labels


def one_hot_reads(reads):
    lookup = {b: i for i, b in enumerate(BASES)}
    encoded = np.zeros((len(reads), len(reads[0]), len(BASES)), dtype="float32")
    for i, read in enumerate(reads):
        for j, base in enumerate(read):
            encoded[i, j, lookup[base]] = 1.0
    return encoded


def build_model(args):
    reads = keras.Input(shape=(args.read_len, len(BASES)), name="reads")
    x = layers.Conv1D(args.motif_filters, args.motif_width, activation="relu")(reads)
    x = layers.Dropout(0.1)(x)
    x = layers.GlobalMaxPooling1D()(x)
    x = layers.LSTM(args.lstm_units)(x)  # expect: ST119
    out = layers.Dense(1, activation="sigmoid", name="has_tata")(x)
    return keras.Model(reads, out)


def main():
    args = parse_args()
    rng = np.random.RandomState(10)
    reads, labels = random_reads(args.n_reads, args.read_len, rng)
    x = one_hot_reads(reads)
    model = build_model(args)
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["AUC"])
    model.fit(x, labels, batch_size=8, epochs=1, verbose=0)
    print(model.predict(x[:4], verbose=0).ravel())


if __name__ == "__main__":
    main()
