"""Train an MLP classifier on feature vectors (TF1 graph mode)."""

import argparse

import numpy as np
import tensorflow.compat.v1 as tf

from model import build_model

tf.disable_v2_behavior()

print("TensorFlow version:", tf.__version__)


def make_batch(batch_size, num_features, num_classes):
    """Random features and one-hot labels (stand-in for the feature store reader)."""
    features = np.random.rand(batch_size, num_features).astype(np.float32)
    labels = np.eye(num_classes)[np.random.randint(0, num_classes, batch_size)]
    return features, labels


def parse_args():
    parser = argparse.ArgumentParser(description="MLP classifier")
    parser.add_argument("--batch_size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args()


def main():
    args = parse_args()
    x = tf.placeholder(tf.float32, [None, 8], name="x")
    y = tf.placeholder(tf.float32, [None, 10], name="y")
    logits = build_model(x, 16, 10)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.GradientDescentOptimizer(args.lr).minimize(loss)
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(args.steps):
            batch_x, batch_y = make_batch(args.batch_size, 8, 10)
            _, loss_value, acc = sess.run([train_op, loss, accuracy], feed_dict={x: batch_x, y: batch_y})
            print("step %d loss %.4f acc %.3f" % (step, loss_value, acc))
    print("training finished")


if __name__ == "__main__":
    main()
