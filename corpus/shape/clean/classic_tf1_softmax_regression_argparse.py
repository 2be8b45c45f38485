# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# Multinomial logistic regression in graph mode: argparse (defaults only) sets the sizes,
# placeholders take mini-batches of flattened 8x8 "digits", the model is trained with
# GradientDescentOptimizer over shuffled mini-batches and evaluated with an accuracy op.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def get_config():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pixels", type=int, default=64)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--batch", type=int, default=25)
    parser.add_argument("--lr", type=float, default=0.3)
    parser.add_argument("--epochs", type=int, default=1)
    config, _ = parser.parse_known_args([])
    return config


def load_fake_digits(n, pixels, classes, rng):
    prototypes = rng.rand(classes, pixels)
    labels = rng.randint(0, classes, n)
    images = prototypes[labels] + 0.2 * rng.randn(n, pixels)
    one_hot = np.eye(classes)[labels]
    return images.astype(np.float32), one_hot.astype(np.float32)


cfg = get_config()
rng = np.random.RandomState(0)
train_x, train_y = load_fake_digits(100, cfg.pixels, cfg.classes, rng)
test_x, test_y = load_fake_digits(30, cfg.pixels, cfg.classes, rng)

x = tf.placeholder(tf.float32, shape=[None, cfg.pixels], name="x")
y_ = tf.placeholder(tf.float32, shape=[None, cfg.classes], name="y_")
W = tf.Variable(tf.zeros([cfg.pixels, cfg.classes]), name="W")
b = tf.Variable(tf.zeros([cfg.classes]), name="b")
y = tf.nn.softmax(tf.matmul(x, W) + b)
cross_entropy = tf.reduce_mean(-tf.reduce_sum(y_ * tf.log(y + 1e-9), axis=1))
train_step = tf.train.GradientDescentOptimizer(cfg.lr).minimize(cross_entropy)
correct = tf.equal(tf.argmax(y, 1), tf.argmax(y_, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(cfg.epochs):
        order = rng.permutation(len(train_x))
        for start in range(0, len(order), cfg.batch):
            idx = order[start:start + cfg.batch]
            sess.run(train_step, feed_dict={x: train_x[idx], y_: train_y[idx]})
        loss_value = sess.run(cross_entropy, feed_dict={x: train_x, y_: train_y})
        print("epoch %d loss %.4f" % (epoch, loss_value))
    print("test accuracy", sess.run(accuracy, feed_dict={x: test_x, y_: test_y}))
    learned = sess.run(W)
    print("weight matrix", learned.shape)
