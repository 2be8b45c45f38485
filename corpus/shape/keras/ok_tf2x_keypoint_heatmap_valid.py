# pattern: 3
# style: keras
# tf: 2.15, 2.21
# A small keypoint detector predicts one heatmap per joint.  The feature extractor uses
# 'valid' 3x3 convolutions, which shrink the 24x24 crops to 18x18, but the per-pixel head
# reshapes the maps to (24*24, joints) as if the convolutions kept the input size.
import argparse

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers


def parse_args():
    p = argparse.ArgumentParser(description="keypoint heatmaps")
    p.add_argument("--crop", type=int, default=24)
    p.add_argument("--joints", type=int, default=5)
    p.add_argument("--width", type=int, default=16)
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("--samples", type=int, default=12)
    return p.parse_args()


def backbone(x, width, depth):
    for i in range(depth):
        x = layers.Conv2D(width * (i + 1), 3, padding="valid", activation="relu",
                          name="feat%d" % i)(x)
    return x


def make_model(args):
    crops = keras.Input(shape=(args.crop, args.crop, 3), name="crops")
    feats = backbone(crops, args.width, args.depth)
    logits = layers.Conv2D(args.joints, 1, name="joint_logits")(feats)
    per_pixel = layers.Reshape((-1, args.joints))(logits)
    probs = layers.Softmax(axis=1, name="spatial_softmax")(per_pixel)
    return keras.Model(crops, probs)


def make_targets(n, side, joints, rng):
    """One-hot location of each joint over the flattened heatmap."""
    heat = np.zeros((n, side * side, joints), dtype="float32")
    for j in range(joints):
        pos = rng.randint(0, side * side, size=n)
        heat[np.arange(n), pos, j] = 1.0
    return heat


def main():
    args = parse_args()
    rng = np.random.RandomState(17)
    model = make_model(args)
    side = model.output_shape[1]
    images = rng.rand(args.samples, args.crop, args.crop, 3).astype("float32")
    targets = make_targets(args.samples, int(round(side ** 0.5)), args.joints, rng)
    model.compile(optimizer="adam",
                  loss=keras.losses.CategoricalCrossentropy(axis=1))
    ds = tf.data.Dataset.from_tensor_slices((images, targets)).batch(6)
    model.fit(ds, epochs=1, verbose=0)
    print(model.predict(images[:2], verbose=0).shape)


if __name__ == "__main__":
    main()
