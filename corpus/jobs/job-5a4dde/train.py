"""Train a small CNN on image batches (TF1 graph mode)."""

import argparse
import os

import numpy as np
import tensorflow as tf

from model import build_cnn

print("TF version", tf.__version__)


def make_images(batch_size):
    """A batch of random images and sparse labels."""
    images = np.random.rand(batch_size, 24, 24, 1).astype(np.float32)
    labels = np.random.randint(0, 5, size=batch_size)
    return images, labels


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=4)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--model_dir", default="checkpoints")
    return parser.parse_args()


def main():
    args = parse_args()
    images = tf.placeholder(tf.float32, [None, 24, 24, 1], name="images")
    labels = tf.placeholder(tf.int64, [None], name="labels")
    logits = build_cnn(images, 5)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    optimizer = tf.train.AdamOptimizer(args.lr)
    train_op = optimizer.minimize(loss)
    saver = tf.train.Saver()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(args.steps):
            batch_images, batch_labels = make_images(args.batch_size)
            _, value = sess.run([train_op, loss], feed_dict={images: batch_images, labels: batch_labels})
            print("step {}: loss={:.4f}".format(step, value))
        os.makedirs(args.model_dir, exist_ok=True)
        saver.save(sess, os.path.join(args.model_dir, "model.ckpt"))


if __name__ == "__main__":
    main()
