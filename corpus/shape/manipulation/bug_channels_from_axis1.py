# pattern: 20
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A VGG-style block builder written by someone used to NCHW reads the input channels from
# axis 1 of an NHWC tensor: for 28x28x1 input the first kernel becomes [3, 3, 28, 32].
import argparse

import numpy as np
import tensorflow as tf


def get_args():
    parser = argparse.ArgumentParser(description="Small VGG on synthetic data")
    parser.add_argument("--image_size", type=int, default=28)
    parser.add_argument("--channels", type=int, default=1)
    parser.add_argument("--widths", type=str, default="32,64")
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--batch", type=int, default=4)
    return parser.parse_args([])


def conv_block(net, out_channels, name):
    """Two 3x3 convs and a 2x2 max-pool."""
    with tf.variable_scope(name):
        for i in range(2):
            in_channels = net.get_shape().as_list()[1]
            kernel = tf.get_variable("kernel%d" % i, [3, 3, in_channels, out_channels],
                                     initializer=tf.variance_scaling_initializer())
            net = tf.nn.conv2d(net, kernel, [1, 1, 1, 1], padding="SAME")  # expect: ST110
            net = tf.nn.relu(net)
        return tf.nn.max_pool(net, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")


def vgg(images, widths, classes):
    net = images
    for index, width in enumerate(widths):
        net = conv_block(net, width, "block%d" % index)
    net = tf.reduce_mean(net, axis=[1, 2])
    w = tf.get_variable("logits_w", [widths[-1], classes])
    return tf.matmul(net, w)


def main():
    args = get_args()
    widths = [int(w) for w in args.widths.split(",")]
    images = tf.placeholder(tf.float32, [None, args.image_size, args.image_size, args.channels])
    labels = tf.placeholder(tf.int32, [None])
    logits = vgg(images, widths, args.classes)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.MomentumOptimizer(0.01, 0.9).minimize(loss)

    rng = np.random.RandomState(0)
    data = rng.rand(args.batch, args.image_size, args.image_size, args.channels)
    targets = rng.randint(0, args.classes, args.batch)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value = sess.run([train_op, loss], {images: data, labels: targets})
            print("step", step, "loss", value)


if __name__ == "__main__":
    main()
