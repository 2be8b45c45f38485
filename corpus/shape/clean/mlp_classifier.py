# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# A two-hidden-layer MLP on synthetic blobs, configured with argparse.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--features", type=int, default=10)
    parser.add_argument("--hidden", type=str, default="32,16")
    parser.add_argument("--classes", type=int, default=3)
    parser.add_argument("--rows", type=int, default=90)
    parser.add_argument("--batch_size", type=int, default=30)
    parser.add_argument("--lr", type=float, default=0.05)
    return parser.parse_args([])


def blobs(rows, features, classes, seed=0):
    rng = np.random.RandomState(seed)
    centers = 3.0 * rng.randn(classes, features)
    labels = rng.randint(0, classes, rows)
    return (centers[labels] + rng.randn(rows, features)).astype(np.float32), labels


def mlp(x, sizes, classes):
    net = x
    for index, size in enumerate(sizes):
        in_dim = net.get_shape().as_list()[-1]
        w = tf.get_variable("w%d" % index, [in_dim, size])
        b = tf.get_variable("b%d" % index, [size], initializer=tf.zeros_initializer())
        net = tf.nn.relu(tf.matmul(net, w) + b)
    w = tf.get_variable("w_out", [sizes[-1], classes])
    b = tf.get_variable("b_out", [classes], initializer=tf.zeros_initializer())
    return tf.nn.bias_add(tf.matmul(net, w), b)


def main():
    args = parse_args()
    sizes = [int(s) for s in args.hidden.split(",")]
    data, labels = blobs(args.rows, args.features, args.classes)
    x = tf.placeholder(tf.float32, [None, args.features])
    y = tf.placeholder(tf.int64, [None])
    logits = mlp(x, sizes, args.classes)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.AdamOptimizer(args.lr).minimize(loss)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for start in range(0, 2 * args.batch_size, args.batch_size):
            batch = slice(start, start + args.batch_size)
            _, value = sess.run([train_op, loss], {x: data[batch], y: labels[batch]})
            print("loss %.3f" % value)
        print("accuracy %.2f" % sess.run(accuracy, {x: data, y: labels}))


if __name__ == "__main__":
    main()
