# pattern: 2
# style: keras
# tf: 2.15, 2.21
# A digit classifier built by a helper: two conv blocks with 'same' padding and 2x2 pooling
# take 28x28 inputs to 7x7x48, but the head flattens with a hard-coded Reshape sized for
# 4x4 maps (copied from a 16x16 variant of the model).
import argparse

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


def get_config():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image-size", type=int, default=28)
    parser.add_argument("--filters", type=int, nargs=2, default=[24, 48])
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--train-samples", type=int, default=32)
    parser.add_argument("--batch-size", type=int, default=16)
    return parser.parse_args()


def conv_block(x, filters, name):
    x = layers.Conv2D(filters, 3, padding="same", activation="relu", name=name + "_conv")(x)
    x = layers.BatchNormalization(name=name + "_bn")(x)
    return layers.MaxPooling2D(2, name=name + "_pool")(x)


def build_classifier(cfg):
    inputs = keras.Input(shape=(cfg.image_size, cfg.image_size, 1), name="digits")
    x = inputs
    for i, filters in enumerate(cfg.filters):
        x = conv_block(x, filters, "block%d" % (i + 1))
    flat = layers.Reshape((7 * 7 * cfg.filters[-1],), name="flatten")(x)
    hidden = layers.Dense(128, activation="relu", name="fc")(flat)
    hidden = layers.Dropout(0.3)(hidden)
    outputs = layers.Dense(cfg.classes, activation="softmax", name="probs")(hidden)
    return keras.Model(inputs, outputs, name="digit_cnn")


def synthetic_digits(n, size, classes, seed=5):
    rng = np.random.RandomState(seed)
    images = rng.rand(n, size, size, 1).astype("float32")
    labels = rng.randint(0, classes, size=n)
    return images, labels


def main():
    cfg = get_config()
    model = build_classifier(cfg)
    model.compile(optimizer=keras.optimizers.Adam(1e-3),
                  loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    x_train, y_train = synthetic_digits(cfg.train_samples, cfg.image_size, cfg.classes)
    history = model.fit(x_train, y_train, batch_size=cfg.batch_size, epochs=1, verbose=0)
    print("loss after one epoch:", history.history["loss"][-1])


if __name__ == "__main__":
    main()
