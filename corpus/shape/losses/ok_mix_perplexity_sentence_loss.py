# pattern: 22
# style: tf1
# tf: 1.15, 2.15, 2.21
# A small causal-convolution language model.  The cross-entropy is averaged over the time
# axis only ("loss per sentence"), so the loss stays a [batch] vector; minimize() accepts
# that, but the evaluation turns it into a perplexity with math.exp, which needs one number.
import argparse
import math

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CORPUS = """
the river runs past the mill and the mill turns the stone
the stone grinds the grain and the grain feeds the town
the town sleeps by the river and the river runs on
""".split()


def parse_args():
    parser = argparse.ArgumentParser(description="Causal CNN language model")
    parser.add_argument("--seq_len", type=int, default=8)
    parser.add_argument("--embed", type=int, default=12)
    parser.add_argument("--channels", type=int, default=16)
    parser.add_argument("--kernel", type=int, default=3)
    parser.add_argument("--batch_size", type=int, default=4)
    parser.add_argument("--learning_rate", type=float, default=0.01)
    return parser.parse_args([])


def windows(ids, seq_len, batch_size, rng):
    starts = rng.randint(0, len(ids) - seq_len - 1, size=batch_size)
    x = np.stack([ids[s:s + seq_len] for s in starts])
    y = np.stack([ids[s + 1:s + seq_len + 1] for s in starts])
    return x.astype(np.int32), y.astype(np.int32)


def causal_conv(x, width, channels, name):
    in_channels = x.get_shape().as_list()[-1]
    with tf.variable_scope(name):
        kernel = tf.get_variable("kernel", [width, in_channels, channels])
        bias = tf.get_variable("bias", [channels], initializer=tf.zeros_initializer())
        padded = tf.pad(x, [[0, 0], [width - 1, 0], [0, 0]])
        return tf.nn.relu(tf.nn.conv1d(padded, kernel, stride=1, padding="VALID") + bias)


def language_model(tokens, vocab_size, args):
    table = tf.get_variable("embedding", [vocab_size, args.embed])
    h = tf.nn.embedding_lookup(table, tokens)
    h = causal_conv(h, args.kernel, args.channels, "conv1")
    h = causal_conv(h, args.kernel, args.channels, "conv2")
    w = tf.get_variable("softmax_w", [args.channels, vocab_size])
    return tf.tensordot(h, w, axes=1)


def main():
    args = parse_args()
    vocab = sorted(set(CORPUS))
    ids = np.array([vocab.index(w) for w in CORPUS])

    tokens = tf.placeholder(tf.int32, [None, args.seq_len])
    next_tokens = tf.placeholder(tf.int32, [None, args.seq_len])
    logits = language_model(tokens, len(vocab), args)
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=next_tokens, logits=logits)
    loss = tf.reduce_mean(xent)
    train_op = tf.train.AdamOptimizer(args.learning_rate).minimize(loss)

    rng = np.random.RandomState(4)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            x, y = windows(ids, args.seq_len, args.batch_size, rng)
            sess.run(train_op, {tokens: x, next_tokens: y})
        x, y = windows(ids, args.seq_len, args.batch_size, rng)
        eval_loss = sess.run(loss, {tokens: x, next_tokens: y})
        print("held-out perplexity %.2f" % math.exp(eval_loss))


if __name__ == "__main__":
    main()
