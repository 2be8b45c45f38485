# pattern: 23
# style: keras
# tf: 2.15, 2.21
# A keyword-spotting model receives flattened log-mel features of --feature_dim values
# (40 frames x 32 mel bins = 1280) and folds them back into a spectrogram with
# --frames x --mel_bins.  The --mel_bins default was changed to 40 for a new front end,
# but --feature_dim was not, so the Reshape layer cannot fold 1280 values into 40x40.
import argparse

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

KEYWORDS = ["yes", "no", "up", "down", "stop"]


def parse_args():
    parser = argparse.ArgumentParser(description="Keyword spotting on flat log-mel features")
    parser.add_argument("--feature_dim", type=int, default=1280,
                        help="length of the flat feature vector written by the front end")
    parser.add_argument("--frames", type=int, default=40, help="time frames per clip")
    parser.add_argument("--mel_bins", type=int, default=40, help="mel filters per frame")
    parser.add_argument("--filters", type=int, default=16)
    parser.add_argument("--clips", type=int, default=20)
    parser.add_argument("--batch_size", type=int, default=5)
    return parser.parse_args([])


def synthetic_features(args, seed=11):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, len(KEYWORDS), size=args.clips)
    feats = rng.normal(size=(args.clips, args.feature_dim)).astype("float32")
    for row, label in enumerate(labels):
        feats[row, label * 100:(label + 1) * 100] += 2.0
    return feats, labels


def normalise(feats):
    mean = feats.mean(axis=1, keepdims=True)
    std = feats.std(axis=1, keepdims=True) + 1e-5
    return (feats - mean) / std


def build_model(args):
    flat = keras.Input(shape=(args.feature_dim,), name="log_mel")
    x = layers.Reshape((args.frames, args.mel_bins, 1))(flat)  # expect: ST104
    x = layers.Conv2D(args.filters, 3, padding="same", activation="relu")(x)
    x = layers.MaxPooling2D(2)(x)
    x = layers.Conv2D(args.filters * 2, 3, padding="same", activation="relu")(x)
    x = layers.GlobalAveragePooling2D()(x)
    outputs = layers.Dense(len(KEYWORDS), activation="softmax")(x)
    return keras.Model(flat, outputs)


def main():
    args = parse_args()
    feats, labels = synthetic_features(args)
    feats = normalise(feats)
    model = build_model(args)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    model.fit(feats, labels, batch_size=args.batch_size, epochs=1, verbose=0)
    loss, acc = model.evaluate(feats, labels, verbose=0)
    print("train loss %.3f  accuracy %.2f" % (loss, acc))
    print("first clip:", KEYWORDS[int(model.predict(feats[:1], verbose=0).argmax())])


if __name__ == "__main__":
    main()
