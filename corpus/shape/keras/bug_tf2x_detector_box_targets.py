# pattern: 28
# style: keras
# tf: 2.15, 2.21
# A single-object localiser with two heads: class probabilities and a 4-number box
# (cx, cy, w, h).  The annotation converter only emits the box centre, so the "box"
# targets are (N, 2) while the head predicts (N, 4) under mean squared error.
import argparse

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


def options():
    parser = argparse.ArgumentParser(description="toy single-object localiser")
    parser.add_argument("--size", type=int, default=32)
    parser.add_argument("--classes", type=int, default=3)
    parser.add_argument("--images", type=int, default=16)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--box-weight", type=float, default=5.0)
    return parser.parse_args()


def synth_annotations(n, size, classes, rng):
    """Random images with one bright rectangle; corners in pixels."""
    images = 0.1 * rng.rand(n, size, size, 3).astype("float32")
    corners = np.zeros((n, 4), dtype="float32")
    for i in range(n):
        x0, y0 = rng.randint(0, size // 2, size=2)
        w, h = rng.randint(4, size // 2, size=2)
        images[i, y0:y0 + h, x0:x0 + w, :] += 0.8
        corners[i] = (x0, y0, x0 + w, y0 + h)
    kinds = rng.randint(0, classes, size=n)
    return images, corners, kinds


def corners_to_targets(corners, size):
    x0, y0, x1, y1 = (corners[:, k] / size for k in range(4))
    cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
    return np.stack([cx, cy], axis=1)


def localiser(size, classes):
    image = keras.Input(shape=(size, size, 3), name="image")
    x = image
    for filters in (16, 32):
        x = layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
        x = layers.MaxPooling2D()(x)
    x = layers.Flatten()(x)
    x = layers.Dense(64, activation="relu")(x)
    label = layers.Dense(classes, activation="softmax", name="label")(x)
    box = layers.Dense(4, activation="sigmoid", name="box")(x)
    return keras.Model(image, {"label": label, "box": box})


def main():
    opts = options()
    rng = np.random.RandomState(31337)
    images, corners, kinds = synth_annotations(opts.images, opts.size, opts.classes, rng)
    boxes = corners_to_targets(corners, opts.size)

    model = localiser(opts.size, opts.classes)
    model.compile(optimizer="adam",
                  loss={"label": "sparse_categorical_crossentropy", "box": "mse"},
                  loss_weights={"label": 1.0, "box": opts.box_weight})
    model.fit(images, {"label": kinds, "box": boxes},  # expect: ST118
              batch_size=opts.batch, epochs=1, verbose=0)
    out = model.predict(images[:2], verbose=0)
    print("box predictions:", out["box"])


if __name__ == "__main__":
    main()
