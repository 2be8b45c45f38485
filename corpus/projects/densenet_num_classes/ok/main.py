"""Train the segmenter for one step on random images and masks."""
import argparse

import numpy as np
import tensorflow as tf

from model import DenseTiramisu


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_classes", type=int, default=3)
    parser.add_argument("--growth_k", type=int, default=4)
    parser.add_argument("--image_size", type=int, default=16)
    parser.add_argument("--batch_size", type=int, default=2)
    return parser.parse_args()


def main():
    args = parse_args()
    net = DenseTiramisu(args.growth_k, args.num_classes)
    images = tf.placeholder(tf.float32, [None, args.image_size, args.image_size, 3])
    masks = tf.placeholder(tf.int32, [None, args.image_size, args.image_size])
    logits = net.model(images)
    loss = net.xentropy_loss(logits, masks)
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)
    batch = np.random.rand(args.batch_size, args.image_size, args.image_size, 3)
    target = np.random.randint(0, args.num_classes, (args.batch_size, args.image_size, args.image_size))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        _, value = sess.run([train_op, loss], feed_dict={images: batch, masks: target})
        print("loss %.3f" % value)


if __name__ == "__main__":
    main()
