# pattern: 31
# style: tf2
# tf: 2.15, 2.21
# A tiny patch-embedding classifier (ViT style) in eager TF2.  The patches extracted from
# each image are regrouped into (batch, tokens, patch_dim), but both the batch and the
# token count are written as -1, which reshape cannot infer.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image-size", type=int, default=16)
    parser.add_argument("--patch", type=int, default=4)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--embed", type=int, default=24)
    parser.add_argument("--classes", type=int, default=5)
    parser.add_argument("--batch", type=int, default=4)
    return parser.parse_args()


def to_tokens(images, patch):
    patches = tf.image.extract_patches(images,
                                       sizes=[1, patch, patch, 1],
                                       strides=[1, patch, patch, 1],
                                       rates=[1, 1, 1, 1],
                                       padding="VALID")
    patch_dim = patches.shape[-1]
    return tf.reshape(patches, [-1, -1, patch_dim])  # expect: ST113


class PatchClassifier(tf.keras.Model):
    def __init__(self, num_tokens, embed, classes):
        super().__init__()
        self.embed = tf.keras.layers.Dense(embed)
        self.position = self.add_weight(name="position", shape=(num_tokens, embed),
                                        initializer="random_normal")
        self.mixer = tf.keras.layers.Dense(embed, activation="gelu")
        self.head = tf.keras.layers.Dense(classes)

    def call(self, tokens):
        h = self.embed(tokens) + self.position
        h = h + self.mixer(h)
        return self.head(tf.reduce_mean(h, axis=1))


def main():
    args = parse_args()
    rng = np.random.RandomState(1)
    images = rng.rand(args.batch, args.image_size, args.image_size, args.channels)
    labels = rng.randint(0, args.classes, size=args.batch)
    num_tokens = (args.image_size // args.patch) ** 2

    model = PatchClassifier(num_tokens, args.embed, args.classes)
    optimizer = tf.keras.optimizers.Adam(1e-3)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    tokens = to_tokens(tf.constant(images, tf.float32), args.patch)
    with tf.GradientTape() as tape:
        loss = loss_fn(labels, model(tokens))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print("tokens", tokens.shape, "loss", float(loss))


if __name__ == "__main__":
    main()
