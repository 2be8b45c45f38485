# pattern: 17
# style: tf1
# tf: 2.15, 2.21
# oracle: legacy-keras
# The spectrogram placeholder leaves the frame count open "for variable-length clips", and
# the frames are flattened with a reshape computed from tf.shape: the flattened width is
# unknown in the graph, so tf.layers.dense cannot build its kernel.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def parse_args():
    parser = argparse.ArgumentParser(description="Keyword spotting on synthetic spectrograms")
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--mel_bins", type=int, default=16)
    parser.add_argument("--keywords", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--batch_size", type=int, default=6)
    return parser.parse_args([])


def spectrograms(args, seed=0):
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, args.keywords, size=args.batch_size)
    specs = rng.rand(args.batch_size, args.frames, args.mel_bins).astype(np.float32)
    for row, label in enumerate(labels):
        specs[row, :, label * 2:label * 2 + 2] += 1.0  # a band per keyword
    return specs, labels


def flatten_frames(specs):
    shape = tf.shape(specs)
    return tf.reshape(specs, [shape[0], shape[1] * shape[2]])


def model(specs, args, training):
    flat = flatten_frames(specs)
    hidden = tf.layers.dense(flat, args.hidden, activation=tf.nn.relu, name="hidden")
    hidden = tf.layers.dropout(hidden, rate=0.2, training=training)
    return tf.layers.dense(hidden, args.keywords, name="logits")


def main():
    args = parse_args()
    specs = tf.placeholder(tf.float32, [None, args.frames, args.mel_bins])
    labels = tf.placeholder(tf.int64, [None])
    training = tf.placeholder_with_default(False, [])
    logits = model(specs, args, training)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        data, targets = spectrograms(args)
        for step in range(2):
            _, value = sess.run([train_op, loss], {specs: data, labels: targets, training: True})
            print("step", step, "loss", value)


if __name__ == "__main__":
    main()
