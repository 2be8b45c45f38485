# pattern: 25
# style: tf1
# tf: 1.15, 2.15, 2.21
# A deeper MNIST network with a third pool block (VALID pooling): 28 -> 14 -> 7 -> 3, and
# then a 5x5 VALID convolution that no longer fits.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image_size", type=int, default=28)
    parser.add_argument("--blocks", type=int, default=2, help="conv+pool blocks")
    parser.add_argument("--head_kernel", type=int, default=5)
    parser.add_argument("--batch_size", type=int, default=4)
    parser.add_argument("--num_classes", type=int, default=10)
    return parser


def conv(x, size, out_channels, padding, name):
    with tf.variable_scope(name):
        in_channels = int(x.shape[-1])
        w = tf.get_variable("w", [size, size, in_channels, out_channels])
        b = tf.get_variable("b", [out_channels], initializer=tf.zeros_initializer())
        return tf.nn.relu(tf.nn.conv2d(x, w, [1, 1, 1, 1], padding) + b)


def feature_extractor(images, blocks):
    net = images
    channels = 16
    for i in range(blocks):
        net = conv(net, 3, channels, "SAME", "block%d" % i)
        net = tf.nn.max_pool(net, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
        channels *= 2
    return net


def classifier_head(net, kernel, num_classes):
    net = conv(net, kernel, 128, "VALID", "head")
    net = tf.reduce_mean(net, axis=[1, 2])
    w = tf.get_variable("logits_w", [128, num_classes])
    return tf.matmul(net, w)


def main():
    args = build_parser().parse_args([])
    images = tf.placeholder(tf.float32, [None, args.image_size, args.image_size, 1])
    labels = tf.placeholder(tf.int32, [None])
    features = feature_extractor(images, args.blocks)
    logits = classifier_head(features, args.head_kernel, args.num_classes)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)

    rng = np.random.RandomState(0)
    x = rng.rand(args.batch_size, args.image_size, args.image_size, 1).astype(np.float32)
    y = rng.randint(0, args.num_classes, size=args.batch_size)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value = sess.run([train_op, loss], {images: x, labels: y})
            print(step, value)


if __name__ == "__main__":
    main()
