# pattern: 14
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: runs
# A one-output regression: predictions are [N, 1] but the target placeholder is [N], so the
# squared error broadcasts to [N, N] and the model learns the mean target.  It runs.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def parse_args():
    parser = argparse.ArgumentParser(description="Fit y = 3x + noise with a tiny network")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--learning_rate", type=float, default=0.05)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args([])


def make_data(samples, seed):
    rng = np.random.RandomState(seed)
    x = rng.uniform(-1, 1, size=(samples, 1)).astype(np.float32)
    y = (3.0 * x[:, 0] + 0.1 * rng.randn(samples)).astype(np.float32)
    return x, y


def dense(inputs, units, name, activation=None):
    in_dim = inputs.get_shape().as_list()[1]
    with tf.variable_scope(name):
        w = tf.get_variable("w", [in_dim, units], initializer=tf.glorot_uniform_initializer())
        b = tf.get_variable("b", [units], initializer=tf.zeros_initializer())
        out = tf.matmul(inputs, w) + b
        return activation(out) if activation else out


def main():
    args = parse_args()
    x_data, y_data = make_data(args.samples, args.seed)

    x = tf.placeholder(tf.float32, [None, 1], name="x")
    y = tf.placeholder(tf.float32, [None], name="y")
    hidden = dense(x, args.hidden, "hidden", tf.nn.tanh)
    prediction = dense(hidden, 1, "output")
    loss = tf.reduce_mean(tf.square(prediction - y))  # expect: ST202
    train_op = tf.train.AdamOptimizer(args.learning_rate).minimize(loss)

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(args.epochs):
            _, value = sess.run([train_op, loss], {x: x_data, y: y_data})
            print("epoch %d  mse %.4f" % (epoch, value))
        sample = sess.run(prediction, {x: x_data[:3]})
        print("predictions", sample.ravel(), "targets", y_data[:3])


if __name__ == "__main__":
    main()
