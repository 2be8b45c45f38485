"""Fit a linear regression with gradient descent (TF1)."""

import numpy as np
import tensorflow as tf

from data import load_dataset, batches
from model import linear_model

print("TF version", tf.__version__)


NUM_SAMPLES = 128
EPOCHS = 3
BATCH_SIZE = 16
LEARNING_RATE = 0.01


def main():
    features, targets = load_dataset(NUM_SAMPLES)
    x = tf.placeholder(tf.float32, shape=[None, 4])
    y = tf.placeholder(tf.float32, shape=[None, 1])
    pred = linear_model(x)
    loss = tf.reduce_mean(tf.square(pred - y))
    train_op = tf.train.AdamOptimizer(LEARNING_RATE).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(EPOCHS):
            losses = []
            for batch_x, batch_y in batches(features, targets, BATCH_SIZE):
                _, value = sess.run([train_op, loss], feed_dict={x: batch_x, y: batch_y})
                losses.append(value)
            print("epoch", epoch, "mse", np.mean(losses))
        final = sess.run(pred, feed_dict={x: features[:5]})
        print("predictions:", final.ravel())


if __name__ == "__main__":
    main()
