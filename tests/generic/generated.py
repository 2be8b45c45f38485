"""Generated training scripts for the batch test and the timing script.

Each script is a plausible TF1-style training job (placeholders, a small MLP, a
session loop, argparse, logging); every fifth one carries one generic bug whose
expected code is returned with it.
"""

from __future__ import annotations

_TEMPLATE = '''\
"""Training job {index}: a small MLP on synthetic data."""
import argparse
import logging
import os
import time

import numpy as np
import tensorflow as tf
{extra_import}
logger = logging.getLogger(__name__)


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default={epochs})
    parser.add_argument("--batch-size", type=int, default={batch})
    parser.add_argument("--model-dir", default="/tmp/model_{index}")
    return parser.parse_args()


class Config:
    def __init__(self, hidden, learning_rate):
        self.hidden = hidden
        self.learning_rate = learning_rate

    def describe(self):
        return "hidden=%d lr=%f" % (self.hidden, self.learning_rate)


def build_model(features, config):
    hidden = tf.layers.dense(features, config.hidden, activation=tf.nn.relu)
    return tf.layers.dense(hidden, {classes})


def batches(data, labels, size):
    for start in range(0, len(data), size):
        yield data[start:start + size], labels[start:start + size]


def main():
    args = parse_args()
    config = Config({hidden}, 0.01)
    logger.info("config: %s", config.describe())
    data = np.random.rand(1000, {features}).astype(np.float32)
    labels = np.random.randint(0, {classes}, size=1000)
    x = tf.placeholder(tf.float32, [None, {features}])
    y = tf.placeholder(tf.int64, [None])
    logits = build_model(x, config)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.AdamOptimizer(config.learning_rate).minimize(loss)
    history = {{}}
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(args.epochs):
            started = time.time()
            for batch_x, batch_y in batches(data, labels, args.batch_size):
                _, value = sess.run([train_op, loss], feed_dict={{x: batch_x, y: batch_y}})
            history[epoch] = value
            logger.info("epoch %d loss %.4f (%.1fs)", epoch, value, time.time() - started)
{bug}
    os.makedirs(args.model_dir, exist_ok=True)
    return history


if __name__ == "__main__":
    main()
'''

# (extra import line, bug statement inside main(), expected code)
_BUGS = [
    ("", "        print('best epoch: %d' % best_epoch)", "ST301"),
    ("import cPickle", "        pass", "ST306"),
    ("", "        config.describe(verbose=True)", "ST304"),
    ("", "        print(config.learnig_rate)", "ST303"),
    ("", "        print('{} {}'.format(epoch))", "ST319"),
    ("from collections import Mapping", "        pass", "ST306"),
    ("", "        for k, v in history.iteritems():\n            pass", "ST303"),
    ("", "        for i in xrange(3):\n            pass", "ST301"),
    ("", "        Config(16)", "ST304"),
    ("", "        print('%s: %s' % (epoch,))", "ST320"),
]


def generate(count: int = 50) -> tuple[dict[str, str], dict[str, list[str]]]:
    """``count`` scripts as {path: source} and the codes each must produce."""
    sources: dict[str, str] = {}
    expected: dict[str, list[str]] = {}
    for index in range(count):
        path = f"gen/job_{index:03d}/train.py"
        buggy = index % 5 == 0
        extra_import, bug, code = _BUGS[(index // 5) % len(_BUGS)] if buggy else ("", "        pass", None)
        sources[path] = _TEMPLATE.format(
            index=index, extra_import=extra_import, bug=bug, epochs=5 + index % 7,
            batch=16 * (1 + index % 4), classes=2 + index % 9, hidden=32 + index,
            features=8 + index % 13)
        expected[path] = [code] if code else []
    return sources, expected
