# pattern: 1
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A configurable MLP: the second layer's weights are sized from the input width instead of
# the first hidden layer's width (the defaults make them differ: 64 vs 128).
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser(description="Train a small MLP on synthetic data.")
    parser.add_argument("--n_input", type=int, default=64)
    parser.add_argument("--n_hidden1", type=int, default=128)
    parser.add_argument("--n_hidden2", type=int, default=32)
    parser.add_argument("--n_classes", type=int, default=5)
    parser.add_argument("--batch_size", type=int, default=16)
    parser.add_argument("--learning_rate", type=float, default=0.05)
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args()


def make_data(n_rows, n_input, n_classes, seed=0):
    rng = np.random.RandomState(seed)
    data = rng.randn(n_rows, n_input).astype(np.float32)
    labels = rng.randint(0, n_classes, size=n_rows)
    onehot = np.eye(n_classes, dtype=np.float32)[labels]
    return data, onehot


def weight(shape, name):
    return tf.Variable(tf.random_normal(shape, stddev=0.05), name=name)


def bias(size, name):
    return tf.Variable(tf.zeros([size]), name=name)


def build_model(x, args):
    weights = {
        "h1": weight([args.n_input, args.n_hidden1], "w_h1"),
        "h2": weight([args.n_input, args.n_hidden2], "w_h2"),
        "out": weight([args.n_hidden2, args.n_classes], "w_out"),
    }
    biases = {
        "h1": bias(args.n_hidden1, "b_h1"),
        "h2": bias(args.n_hidden2, "b_h2"),
        "out": bias(args.n_classes, "b_out"),
    }
    layer1 = tf.nn.relu(tf.add(tf.matmul(x, weights["h1"]), biases["h1"]))
    layer2 = tf.nn.relu(tf.add(tf.matmul(layer1, weights["h2"]), biases["h2"]))  # expect: ST101
    return tf.matmul(layer2, weights["out"]) + biases["out"]


def main():
    args = parse_args()
    data, onehot = make_data(4 * args.batch_size, args.n_input, args.n_classes)

    x = tf.placeholder(tf.float32, [None, args.n_input], name="x")
    y = tf.placeholder(tf.float32, [None, args.n_classes], name="y")
    logits = build_model(x, args)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    optimizer = tf.train.GradientDescentOptimizer(args.learning_rate)
    train_op = optimizer.minimize(loss)
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(args.steps):
            start = (step * args.batch_size) % len(data)
            batch_x = data[start:start + args.batch_size]
            batch_y = onehot[start:start + args.batch_size]
            _, loss_value = sess.run([train_op, loss], feed_dict={x: batch_x, y: batch_y})
            print("step %d loss %.4f" % (step, loss_value))
        print("accuracy", sess.run(accuracy, feed_dict={x: data, y: onehot}))


if __name__ == "__main__":
    main()
