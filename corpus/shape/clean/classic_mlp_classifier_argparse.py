# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# A plain feed-forward classifier on tabular features: argparse sets the sizes (defaults only),
# a Sequential stack of Dense/Dropout layers is fitted for one epoch with a validation split,
# then evaluated and used to predict a few rows.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser(description="tabular MLP")
    parser.add_argument("--features", type=int, default=20)
    parser.add_argument("--classes", type=int, default=4)
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 32])
    parser.add_argument("--dropout", type=float, default=0.2)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--samples", type=int, default=96)
    return parser.parse_args([])


def synthetic_table(rows, features, classes, seed=3):
    rng = np.random.RandomState(seed)
    x = rng.normal(size=(rows, features)).astype("float32")
    projection = rng.normal(size=(features, classes))
    y = np.argmax(x @ projection, axis=1).astype("int32")
    return x, y


def build_mlp(features, classes, hidden, dropout):
    model = tf.keras.Sequential(name="tabular_mlp")
    model.add(tf.keras.Input(shape=(features,)))
    for width in hidden:
        model.add(tf.keras.layers.Dense(width, activation="relu"))
        model.add(tf.keras.layers.Dropout(dropout))
    model.add(tf.keras.layers.Dense(classes, activation="softmax"))
    return model


def main():
    args = parse_args()
    x, y = synthetic_table(args.samples, args.features, args.classes)
    split = int(0.75 * args.samples)
    x_train, y_train = x[:split], y[:split]
    x_test, y_test = x[split:], y[split:]

    model = build_mlp(args.features, args.classes, args.hidden, args.dropout)
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
                  loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    history = model.fit(x_train, y_train, batch_size=args.batch_size, epochs=1,
                        validation_split=0.2, verbose=0)
    print("train loss", history.history["loss"][-1])
    test_loss, test_acc = model.evaluate(x_test, y_test, batch_size=args.batch_size, verbose=0)
    print("test loss %.4f acc %.3f" % (test_loss, test_acc))
    probs = model.predict(x_test[:5], verbose=0)
    print("predicted", probs.argmax(axis=-1), "true", y_test[:5])


if __name__ == "__main__":
    main()
