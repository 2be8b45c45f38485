# pattern: 5
# style: tf2
# tf: 2.15, 2.21
# A hand-rolled bag-of-embeddings intent classifier.  The projection is written as a 2-D
# einsum ("bd,dh->bh"), but the looked-up embeddings are still [batch, time, dim]: the
# mean over the time axis was forgotten, so einsum receives a rank-3 operand.
import argparse

import numpy as np
import tensorflow as tf


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vocab", type=int, default=200)
    parser.add_argument("--seq-len", type=int, default=9)
    parser.add_argument("--embed-dim", type=int, default=12)
    parser.add_argument("--hidden", type=int, default=20)
    parser.add_argument("--intents", type=int, default=4)
    parser.add_argument("--batch", type=int, default=8)
    return parser.parse_args()


def fake_utterances(rng, n, seq_len, vocab, intents):
    tokens = rng.randint(1, vocab, size=(n, seq_len)).astype("int32")
    lengths = rng.randint(3, seq_len + 1, size=n)
    for row, length in enumerate(lengths):
        tokens[row, length:] = 0
    intent = rng.randint(0, intents, size=n).astype("int32")
    return tokens, intent


class IntentModel(tf.Module):
    def __init__(self, vocab, embed_dim, hidden, intents):
        super().__init__()
        glorot = tf.initializers.GlorotNormal(seed=1)
        self.table = tf.Variable(glorot((vocab, embed_dim)), name="embeddings")
        self.proj = tf.Variable(glorot((embed_dim, hidden)), name="proj")
        self.out = tf.Variable(glorot((hidden, intents)), name="out")
        self.out_bias = tf.Variable(tf.zeros([intents]), name="out_bias")

    def __call__(self, tokens):
        embedded = tf.nn.embedding_lookup(self.table, tokens)
        hidden = tf.nn.relu(tf.einsum("bd,dh->bh", embedded, self.proj))  # expect: ST124
        return tf.matmul(hidden, self.out) + self.out_bias


def main():
    args = parse_args()
    rng = np.random.RandomState(23)
    tokens, intent = fake_utterances(rng, 2 * args.batch, args.seq_len, args.vocab, args.intents)
    model = IntentModel(args.vocab, args.embed_dim, args.hidden, args.intents)
    opt = tf.keras.optimizers.Adam(0.01)

    for start in range(0, len(tokens), args.batch):
        x = tf.constant(tokens[start:start + args.batch])
        y = tf.constant(intent[start:start + args.batch])
        with tf.GradientTape() as tape:
            logits = model(x)
            loss = tf.reduce_mean(
                tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        print("batch at", start, "loss", loss.numpy())


if __name__ == "__main__":
    main()
