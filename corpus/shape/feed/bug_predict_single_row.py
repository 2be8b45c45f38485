# pattern: 7
# style: tf1
# tf: 1.15, 2.15, 2.21
# A house-price regressor: training feeds [N, 4] batches, then a single house (shape (4,))
# is fed for a prediction without its batch axis.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

FEATURES = ["rooms", "area", "age", "distance"]


def parse_args():
    parser = argparse.ArgumentParser(description="Tiny house price regression")
    parser.add_argument("--hidden", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--rows", type=int, default=64)
    return parser.parse_args([])


def make_dataset(rows, seed=0):
    rng = np.random.RandomState(seed)
    x = np.column_stack([
        rng.randint(1, 6, rows),          # rooms
        rng.uniform(30, 200, rows),       # area
        rng.uniform(0, 80, rows),         # age
        rng.uniform(0.5, 30, rows),       # distance
    ]).astype(np.float32)
    price = 50 * x[:, 0] + 2.0 * x[:, 1] - 0.5 * x[:, 2] - 3.0 * x[:, 3]
    return x, price.reshape(-1, 1).astype(np.float32)


def standardize(train, other):
    mean, std = train.mean(axis=0), train.std(axis=0) + 1e-6
    return (train - mean) / std, (other - mean) / std


def regressor(x, hidden):
    w1 = tf.Variable(tf.random_normal([len(FEATURES), hidden], stddev=0.1))
    b1 = tf.Variable(tf.zeros([hidden]))
    w2 = tf.Variable(tf.random_normal([hidden, 1], stddev=0.1))
    b2 = tf.Variable(tf.zeros([1]))
    return tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2) + b2


def main():
    args = parse_args()
    x_train, y_train = make_dataset(args.rows)
    x_test, _ = make_dataset(5, seed=1)
    x_train, x_test = standardize(x_train, x_test)

    x = tf.placeholder(tf.float32, [None, len(FEATURES)], name="features")
    y = tf.placeholder(tf.float32, [None, 1], name="price")
    prediction = regressor(x, args.hidden)
    loss = tf.losses.mean_squared_error(labels=y, predictions=prediction)
    train_op = tf.train.AdamOptimizer(args.lr).minimize(loss)

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(args.epochs):
            _, mse = sess.run([train_op, loss], {x: x_train, y: y_train})
            print("epoch %d mse %.1f" % (epoch, mse))
        house = x_test[0]
        estimate = sess.run(prediction, feed_dict={x: house})  # expect: ST105
        print("estimated price:", estimate)


if __name__ == "__main__":
    main()
