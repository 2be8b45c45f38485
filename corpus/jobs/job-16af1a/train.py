"""Fit a linear regression with gradient descent (TF1)."""

import numpy as np
import tensorflow as tf

from model import linear_model

print("TensorFlow version:", tf.__version__)


def load_dataset(num_samples):
    """Synthetic linear data: y = X w + noise."""
    rng = np.random.RandomState(0)
    features = rng.randn(num_samples, 8).astype(np.float32)
    true_w = rng.randn(8, 1).astype(np.float32)
    targets = features.dot(true_w) + 0.1 * rng.randn(num_samples, 1)
    return features, targets.astype(np.float32)


def batches(features, targets, batch_size):
    for start in range(0, len(features), batch_size):
        yield features[start:start + batch_size], targets[start:start + batch_size]


NUM_SAMPLES = 64
EPOCHS = 2
BATCH_SIZE = 16
LEARNING_RATE = 0.05


def main():
    features, targets = load_dataset(NUM_SAMPLES)
    x = tf.placeholder(tf.float32, shape=[None, 8])
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
