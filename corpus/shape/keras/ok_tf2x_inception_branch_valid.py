# pattern: 32
# style: keras
# tf: 1.15, 2.15, 2.21
# An inception-style texture classifier: four parallel branches are joined on the channel
# axis.  The 5x5 branch was written with 'valid' padding, so its maps are 4 pixels smaller
# than the others and the channel concatenation fails on the spatial axes.
import argparse

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


def parse_args():
    parser = argparse.ArgumentParser(description="mini inception on texture patches")
    parser.add_argument("--patch", type=int, default=20)
    parser.add_argument("--textures", type=int, default=4)
    parser.add_argument("--stem-filters", type=int, default=16)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=1)
    return parser.parse_args()


def inception_block(x, f1, f3, f5, fpool, name):
    b1 = layers.Conv2D(f1, 1, padding="same", activation="relu", name=name + "_1x1")(x)
    b3 = layers.Conv2D(f3, 1, padding="same", activation="relu", name=name + "_3x3_reduce")(x)
    b3 = layers.Conv2D(f3, 3, padding="same", activation="relu", name=name + "_3x3")(b3)
    b5 = layers.Conv2D(f5, 1, padding="same", activation="relu", name=name + "_5x5_reduce")(x)
    b5 = layers.Conv2D(f5, 5, padding="same", activation="relu", name=name + "_5x5")(b5)
    bp = layers.MaxPooling2D(3, strides=1, padding="same", name=name + "_pool")(x)
    bp = layers.Conv2D(fpool, 1, padding="same", activation="relu", name=name + "_pool_proj")(bp)
    return layers.Concatenate(axis=-1, name=name + "_concat")([b1, b3, b5, bp])


def texture_net(args):
    patches = keras.Input(shape=(args.patch, args.patch, 1))
    x = layers.Conv2D(args.stem_filters, 3, padding="same", activation="relu")(patches)
    x = inception_block(x, 8, 12, 4, 4, "mixed_a")
    x = layers.GlobalAveragePooling2D()(x)
    out = layers.Dense(args.textures, activation="softmax")(x)
    return keras.Model(patches, out, name="texture_net")


def striped_textures(n, size, kinds, rng):
    yy, xx = np.mgrid[0:size, 0:size]
    kinds_of = rng.randint(0, kinds, size=n)
    images = np.empty((n, size, size, 1), dtype="float32")
    for i, k in enumerate(kinds_of):
        angle = np.pi * k / kinds
        wave = np.sin(0.8 * (np.cos(angle) * xx + np.sin(angle) * yy))
        images[i, :, :, 0] = wave + 0.3 * rng.randn(size, size)
    return images, kinds_of


def main():
    args = parse_args()
    rng = np.random.RandomState(6)
    images, kinds = striped_textures(args.samples, args.patch, args.textures, rng)
    net = texture_net(args)
    net.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    net.fit(images, kinds, batch_size=8, epochs=args.epochs, verbose=0)
    print(net.evaluate(images, kinds, verbose=0))


if __name__ == "__main__":
    main()
