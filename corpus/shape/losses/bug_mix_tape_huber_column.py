# pattern: 14
# style: tf2
# tf: 2.15, 2.21
# oracle: runs
# A house-price regressor trained with a hand-written Huber loss in a GradientTape loop.
# The prices come out of the data helper as a flat (batch,) vector while the network
# outputs (batch, 1), so the residual broadcasts to (batch, batch) and the loss averages
# every prediction against every price.  Nothing raises; the model learns the mean price.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser(description="Tiny house-price regression")
    parser.add_argument("--houses", type=int, default=48)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--delta", type=float, default=1.0)
    parser.add_argument("--learning-rate", type=float, default=3e-3)
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args([])


FEATURES = ["rooms", "area", "age", "distance", "garden"]


def synthetic_houses(n, seed=3):
    rng = np.random.RandomState(seed)
    table = rng.rand(n, len(FEATURES)).astype("float32")
    coef = np.array([1.5, 3.0, -0.8, -1.2, 0.4], dtype="float32")
    price = table @ coef + 0.05 * rng.randn(n).astype("float32")
    return table, price


def standardise(train, other):
    mean, std = train.mean(axis=0), train.std(axis=0) + 1e-6
    return (train - mean) / std, (other - mean) / std


def huber(residual, delta):
    small = tf.abs(residual) <= delta
    squared = 0.5 * tf.square(residual)
    linear = delta * (tf.abs(residual) - 0.5 * delta)
    return tf.where(small, squared, linear)


def build_model(hidden):
    return tf.keras.Sequential([
        tf.keras.Input(shape=(len(FEATURES),)),
        tf.keras.layers.Dense(hidden, activation="relu"),
        tf.keras.layers.Dense(hidden // 2, activation="relu"),
        tf.keras.layers.Dense(1),
    ])


def main():
    args = parse_args()
    features, prices = synthetic_houses(args.houses)
    split = args.houses * 3 // 4
    train_x, test_x = standardise(features[:split], features[split:])
    train_y, test_y = prices[:split], prices[split:]

    model = build_model(args.hidden)
    optimizer = tf.keras.optimizers.Adam(args.learning_rate)

    for step in range(args.steps):
        lo = (step * args.batch_size) % split
        xb = tf.constant(train_x[lo:lo + args.batch_size])
        yb = tf.constant(train_y[lo:lo + args.batch_size])
        with tf.GradientTape() as tape:
            predicted = model(xb, training=True)
            loss = tf.reduce_mean(huber(predicted - yb, args.delta))  # expect: ST202
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        print("step %d  huber %.4f" % (step, float(loss)))

    test_pred = model(tf.constant(test_x), training=False).numpy().ravel()
    print("test MAE %.4f" % np.mean(np.abs(test_pred - test_y)))


if __name__ == "__main__":
    main()
