# pattern: 11
# style: tf1
# tf: 1.15, 2.15, 2.21
# The label placeholder expects one-hot rows [None, 10], but the data pipeline produces
# integer class ids of shape (N,).
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_classes", type=int, default=10)
    parser.add_argument("--input_dim", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=48)
    parser.add_argument("--batch_size", type=int, default=12)
    parser.add_argument("--learning_rate", type=float, default=0.1)
    return parser.parse_args([])


class Data:
    """Synthetic 8x8 "digits" flattened to 64 values, with integer labels."""

    def __init__(self, size, input_dim, num_classes, seed=0):
        rng = np.random.RandomState(seed)
        self.labels = rng.randint(0, num_classes, size=size)
        centers = rng.rand(num_classes, input_dim)
        noise = 0.1 * rng.randn(size, input_dim)
        self.images = (centers[self.labels] + noise).astype(np.float32)

    def batch(self, index, batch_size):
        sl = slice(index * batch_size, (index + 1) * batch_size)
        return self.images[sl], self.labels[sl]


def build(args):
    x = tf.placeholder(tf.float32, [None, args.input_dim], name="x")
    y = tf.placeholder(tf.float32, [None, args.num_classes], name="y")
    hidden = tf.nn.relu(tf.matmul(x, tf.get_variable("w1", [args.input_dim, args.hidden])))
    logits = tf.matmul(hidden, tf.get_variable("w2", [args.hidden, args.num_classes]))
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    train_op = tf.train.GradientDescentOptimizer(args.learning_rate).minimize(loss)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1)), tf.float32))
    return x, y, loss, train_op, accuracy


def main():
    args = parse_args()
    data = Data(3 * args.batch_size, args.input_dim, args.num_classes)
    x, y, loss, train_op, accuracy = build(args)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for i in range(2):
            images, labels = data.batch(i, args.batch_size)
            _, value = sess.run([train_op, loss], feed_dict={x: images, y: labels})  # expect: ST105
            print("batch %d loss %.3f" % (i, value))
        images, labels = data.batch(2, args.batch_size)
        print("held-out accuracy", sess.run(accuracy, {x: images, y: labels}))


if __name__ == "__main__":
    main()
