# pattern: 6
# style: tf1
# tf: 1.15, 2.15, 2.21
# A two-layer network ported from a numpy version in which `*` meant np.dot on np.matrix
# objects; in TensorFlow `*` is elementwise, so [?, 30] * [30, 20] fails.
import argparse
import time

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def get_config():
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=30)
    parser.add_argument("--hidden", type=int, default=20)
    parser.add_argument("--outputs", type=int, default=1)
    parser.add_argument("--rows", type=int, default=120)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--epochs", type=int, default=2)
    return parser.parse_args([])


def synthetic_problem(rows, inputs, seed=42):
    """Points labelled by the sign of a random hyperplane, as 0/1 targets."""
    rng = np.random.RandomState(seed)
    points = rng.uniform(-1.0, 1.0, size=(rows, inputs)).astype(np.float32)
    normal = rng.randn(inputs).astype(np.float32)
    targets = (points @ normal > 0).astype(np.float32).reshape(rows, 1)
    return points, targets


class TwoLayerNet:
    def __init__(self, config):
        self.x = tf.placeholder(tf.float32, [None, config.inputs], name="x")
        self.y = tf.placeholder(tf.float32, [None, config.outputs], name="y")
        init = tf.random_uniform_initializer(-0.1, 0.1)
        with tf.variable_scope("net", initializer=init):
            self.w1 = tf.get_variable("w1", [config.inputs, config.hidden])
            self.b1 = tf.get_variable("b1", [config.hidden])
            self.w2 = tf.get_variable("w2", [config.hidden, config.outputs])
            self.b2 = tf.get_variable("b2", [config.outputs])
        self.hidden = tf.sigmoid(self.x * self.w1 + self.b1)  # expect: ST103
        self.logits = tf.matmul(self.hidden, self.w2) + self.b2
        self.prob = tf.sigmoid(self.logits)
        self.loss = tf.reduce_mean(
            tf.nn.sigmoid_cross_entropy_with_logits(labels=self.y, logits=self.logits))
        self.train_op = tf.train.GradientDescentOptimizer(config.lr).minimize(self.loss)
        predicted = tf.cast(self.prob > 0.5, tf.float32)
        self.accuracy = tf.reduce_mean(tf.cast(tf.equal(predicted, self.y), tf.float32))


def train(config):
    points, targets = synthetic_problem(config.rows, config.inputs)
    net = TwoLayerNet(config)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(config.epochs):
            started = time.time()
            _, loss = sess.run([net.train_op, net.loss], {net.x: points, net.y: targets})
            acc = sess.run(net.accuracy, {net.x: points, net.y: targets})
            print("epoch %d loss %.3f acc %.2f (%.2fs)" % (epoch, loss, acc, time.time() - started))


if __name__ == "__main__":
    train(get_config())
