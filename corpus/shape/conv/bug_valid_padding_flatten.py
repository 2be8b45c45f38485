# pattern: 3
# style: tf1
# tf: 1.15, 2.15, 2.21
# A LeNet-style classifier whose conv helper was switched to VALID padding; the flatten and
# the dense weights still assume SAME (28 -> 14 -> 7), but VALID gives 28 -> 24 -> 12 -> 8 -> 4.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

PADDING = "VALID"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="LeNet on synthetic 28x28 digits")
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--filters1", type=int, default=32)
    parser.add_argument("--filters2", type=int, default=64)
    parser.add_argument("--dense", type=int, default=256)
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args(argv)


def conv_layer(inputs, kernel_size, out_channels, name):
    in_channels = inputs.shape.as_list()[-1]
    with tf.variable_scope(name):
        kernel = tf.get_variable(
            "kernel", [kernel_size, kernel_size, in_channels, out_channels],
            initializer=tf.truncated_normal_initializer(stddev=0.05))
        bias = tf.get_variable("bias", [out_channels], initializer=tf.constant_initializer(0.1))
        out = tf.nn.conv2d(inputs, kernel, strides=[1, 1, 1, 1], padding=PADDING)  # related
        return tf.nn.relu(out + bias)


def pool_layer(inputs):
    return tf.nn.max_pool(inputs, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


def lenet(images, args):
    net = pool_layer(conv_layer(images, 5, args.filters1, "conv1"))
    net = pool_layer(conv_layer(net, 5, args.filters2, "conv2"))
    flat = tf.reshape(net, [-1, 7 * 7 * args.filters2])  # related: assumes SAME sizes
    with tf.variable_scope("fc1"):
        w = tf.get_variable("w", [7 * 7 * args.filters2, args.dense])
        b = tf.get_variable("b", [args.dense], initializer=tf.zeros_initializer())
        hidden = tf.nn.relu(tf.matmul(flat, w) + b)
    with tf.variable_scope("logits"):
        w = tf.get_variable("w", [args.dense, 10])
        b = tf.get_variable("b", [10], initializer=tf.zeros_initializer())
        return tf.matmul(hidden, w) + b


def synthetic_digits(n, seed=0):
    rng = np.random.RandomState(seed)
    return (rng.rand(n, 28, 28, 1).astype(np.float32),
            rng.randint(0, 10, size=n).astype(np.int64))


def main(argv=None):
    args = parse_args(argv)
    images = tf.placeholder(tf.float32, [None, 28, 28, 1], name="images")
    labels = tf.placeholder(tf.int64, [None], name="labels")
    logits = lenet(images, args)
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.MomentumOptimizer(0.01, 0.9).minimize(loss)
    data, targets = synthetic_digits(args.batch_size * args.steps)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(args.steps):
            sl = slice(step * args.batch_size, (step + 1) * args.batch_size)
            _, value = sess.run([train_op, loss], {images: data[sl], labels: targets[sl]})  # expect: ST104
            print("step %d loss %.4f" % (step, value))


if __name__ == "__main__":
    main([])
