# pattern: 1
# style: tf2
# tf: 2.15, 2.21
# A two-layer regressor trained with GradientTape on synthetic tabular data.  The data
# preparation appends a constant bias column to the standardised features, so each row has
# num_features + 1 values, but the first weight matrix is still sized from num_features.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser(description="tabular MLP regressor")
    parser.add_argument("--num-samples", type=int, default=48)
    parser.add_argument("--num-features", type=int, default=7)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--batch-size", type=int, default=12)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    return parser.parse_args()


def make_table(n, d, seed):
    rng = np.random.RandomState(seed)
    raw = rng.uniform(-2.0, 5.0, size=(n, d)).astype("float32")
    true_w = rng.normal(size=(d, 1)).astype("float32")
    target = raw @ true_w + 0.1 * rng.normal(size=(n, 1)).astype("float32")
    return raw, target


def standardise(columns):
    mean = columns.mean(axis=0, keepdims=True)
    std = columns.std(axis=0, keepdims=True) + 1e-6
    scaled = (columns - mean) / std
    ones = np.ones((columns.shape[0], 1), dtype="float32")
    return np.concatenate([scaled, ones], axis=1)


class Regressor:
    def __init__(self, in_dim, hidden, seed):
        init = tf.keras.initializers.GlorotUniform(seed=seed)
        self.w1 = tf.Variable(init((in_dim, hidden)), name="w1")
        self.b1 = tf.Variable(tf.zeros([hidden]), name="b1")
        self.w2 = tf.Variable(init((hidden, 1)), name="w2")
        self.b2 = tf.Variable(tf.zeros([1]), name="b2")

    @property
    def variables(self):
        return [self.w1, self.b1, self.w2, self.b2]

    def __call__(self, x):
        h = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
        return tf.matmul(h, self.w2) + self.b2


def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.variables)
    optimizer.apply_gradients(zip(grads, model.variables))
    return loss


def main():
    args = parse_args()
    raw, target = make_table(args.num_samples, args.num_features, args.seed)
    features = standardise(raw)
    dataset = tf.data.Dataset.from_tensor_slices((features, target)).batch(args.batch_size)

    model = Regressor(features.shape[1], args.hidden, args.seed)
    optimizer = tf.keras.optimizers.SGD(learning_rate=args.lr)
    for step, (xb, yb) in enumerate(dataset.take(args.steps)):
        loss = train_step(model, optimizer, xb, yb)
        print("step", step, "mse", float(loss))


if __name__ == "__main__":
    main()
