# pattern: 1
# style: tf1
# tf: 1.15, 2.15, 2.21
# House-price regression on numeric columns plus a one-hot region code.  The input width is
# taken from --num_numeric alone, so the first weight matrix has 8 rows while the assembled
# feature matrix has 8 + 5 = 13 columns.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

REGIONS = ["north", "south", "east", "west", "centre"]


def parse_args():
    parser = argparse.ArgumentParser(description="tabular price regression")
    parser.add_argument("--num_numeric", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=24)
    parser.add_argument("--rows", type=int, default=120)
    parser.add_argument("--batch_size", type=int, default=40)
    parser.add_argument("--lr", type=float, default=0.01)
    return parser.parse_args([])


def load_table(args, seed=3):
    rng = np.random.RandomState(seed)
    numeric = rng.randn(args.rows, args.num_numeric).astype(np.float32)
    region = rng.randint(0, len(REGIONS), size=args.rows)
    price = numeric[:, 0] * 2.0 + region * 0.5 + rng.randn(args.rows) * 0.1
    return numeric, region, price.astype(np.float32).reshape(-1, 1)


def assemble(numeric, region):
    onehot = np.eye(len(REGIONS), dtype=np.float32)[region]
    return np.concatenate([numeric, onehot], axis=1)


def dense(inputs, n_in, n_out, name, activation=None):
    with tf.variable_scope(name):
        w = tf.get_variable("w", [n_in, n_out], initializer=tf.glorot_uniform_initializer())
        b = tf.get_variable("b", [n_out], initializer=tf.zeros_initializer())
    out = tf.matmul(inputs, w) + b
    return activation(out) if activation else out


def build(args, features):
    n_features = args.num_numeric + len(REGIONS)
    hidden = dense(features, n_features, args.hidden, "hidden", tf.nn.relu)
    return dense(hidden, args.hidden, 1, "price")


def main():
    args = parse_args()
    numeric, region, price = load_table(args)
    table = assemble(numeric, region)
    features = tf.placeholder(tf.float32, [None, args.num_numeric + len(REGIONS)], name="features")
    target = tf.placeholder(tf.float32, [None, 1], name="price")
    prediction = build(args, features)
    loss = tf.losses.mean_squared_error(target, prediction)
    train_op = tf.train.AdamOptimizer(args.lr).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step, start in enumerate(range(0, 2 * args.batch_size, args.batch_size)):
            stop = start + args.batch_size
            _, value = sess.run([train_op, loss], {features: table[start:stop], target: price[start:stop]})
            print("step %d mse %.4f" % (step, value))
        held_out = sess.run(loss, {features: table[-args.batch_size:], target: price[-args.batch_size:]})
        print("held-out mse %.4f" % held_out)


if __name__ == "__main__":
    main()
