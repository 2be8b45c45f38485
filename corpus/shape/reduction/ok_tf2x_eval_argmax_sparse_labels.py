# pattern: 15
# style: tf2
# tf: 2.15, 2.21
# Train-then-evaluate script for a small activity recogniser.  Training uses integer
# activity ids with the sparse loss, but the hand-written evaluation still takes
# tf.argmax(labels, axis=1) as if the labels were one-hot; the labels are rank 1.
import argparse

import numpy as np
import tensorflow as tf


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--window", type=int, default=20)
    parser.add_argument("--channels", type=int, default=3)
    parser.add_argument("--activities", type=int, default=4)
    parser.add_argument("--train", type=int, default=32)
    parser.add_argument("--val", type=int, default=12)
    return parser.parse_args()


def accelerometer_windows(n, window, channels, activities, rng):
    ids = rng.randint(0, activities, size=n)
    t = np.arange(window, dtype="float32")[None, :, None]
    freq = (ids[:, None, None] + 1) * 0.3
    signal = np.sin(freq * t) + 0.2 * rng.randn(n, window, channels)
    return signal.astype("float32"), ids.astype("int64")


def build(window, channels, activities):
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(window, channels)),
        tf.keras.layers.Conv1D(12, 5, activation="relu"),
        tf.keras.layers.GlobalMaxPooling1D(),
        tf.keras.layers.Dense(activities),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model


def accuracy(logits, labels):
    predicted = tf.argmax(logits, axis=1)
    expected = labels
    return tf.reduce_mean(tf.cast(tf.equal(predicted, expected), tf.float32))


def per_class_counts(logits, activities):
    predicted = tf.argmax(logits, axis=1)
    return tf.math.bincount(tf.cast(predicted, tf.int32), minlength=activities)


def main():
    args = get_args()
    rng = np.random.RandomState(4)
    x_train, y_train = accelerometer_windows(args.train, args.window, args.channels,
                                             args.activities, rng)
    x_val, y_val = accelerometer_windows(args.val, args.window, args.channels,
                                         args.activities, rng)
    model = build(args.window, args.channels, args.activities)
    model.fit(x_train, y_train, epochs=1, batch_size=16, verbose=0)

    val_logits = model(x_val, training=False)
    print("val accuracy:", float(accuracy(val_logits, tf.constant(y_val))))
    print("predicted per class:", per_class_counts(val_logits, args.activities).numpy())


if __name__ == "__main__":
    main()
