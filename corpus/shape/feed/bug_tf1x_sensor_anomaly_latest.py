# pattern: 7
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A dense autoencoder scores machine-sensor readings by reconstruction error.  After training,
# the monitoring step scores only the latest reading, readings[-1], whose shape is (12,): the
# batch axis is gone and the [None, 12] placeholder rejects it when the session runs.
import argparse

import numpy as np
import tensorflow as tf


def get_config():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sensors", type=int, default=12)
    parser.add_argument("--code_size", type=int, default=4)
    parser.add_argument("--history", type=int, default=96)
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--threshold", type=float, default=0.5)
    return parser.parse_args([])


def load_history(cfg, seed=5):
    rng = np.random.RandomState(seed)
    t = np.arange(cfg.history)[:, None]
    phases = rng.uniform(0, np.pi, size=(1, cfg.sensors))
    readings = np.sin(t / 8.0 + phases) + 0.05 * rng.randn(cfg.history, cfg.sensors)
    mean, std = readings.mean(axis=0), readings.std(axis=0) + 1e-6
    return ((readings - mean) / std).astype(np.float32)


def layer(x, n_in, n_out, scope, act=tf.nn.tanh):
    with tf.variable_scope(scope):
        w = tf.get_variable("w", [n_in, n_out], initializer=tf.glorot_normal_initializer())
        b = tf.get_variable("b", [n_out], initializer=tf.zeros_initializer())
        return act(tf.matmul(x, w) + b) if act else tf.matmul(x, w) + b


def autoencoder(x, cfg):
    h = layer(x, cfg.sensors, 8, "enc1")
    code = layer(h, 8, cfg.code_size, "code")
    h = layer(code, cfg.code_size, 8, "dec1")
    return layer(h, 8, cfg.sensors, "recon", act=None)


cfg = get_config()
readings = load_history(cfg)
x = tf.placeholder(tf.float32, [None, cfg.sensors], name="readings")  # related
recon = autoencoder(x, cfg)
per_row_error = tf.reduce_mean(tf.square(recon - x), axis=1)
loss = tf.reduce_mean(per_row_error)
train_op = tf.train.RMSPropOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(2):
        order = np.random.RandomState(epoch).permutation(cfg.history)
        for start in range(0, cfg.history, cfg.batch_size):
            batch = readings[order[start:start + cfg.batch_size]]
            sess.run(train_op, {x: batch})
        print("epoch", epoch, "loss", sess.run(loss, {x: readings}))
    latest = readings[-1]
    score = sess.run(per_row_error, {x: latest})  # expect: ST105
    print("anomaly" if score[0] > cfg.threshold else "normal", score)
