# pattern: 33
# style: tf1
# tf: 2.15, 2.21
# oracle: legacy-keras
# A seq2seq model hands the encoder's final state (64 units) to a decoder GRU of 32 units.
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def parse_args():
    parser = argparse.ArgumentParser(description="Reverse short digit sequences")
    parser.add_argument("--source_len", type=int, default=6)
    parser.add_argument("--vocab", type=int, default=12)
    parser.add_argument("--embed", type=int, default=8)
    parser.add_argument("--encoder_units", type=int, default=64)
    parser.add_argument("--decoder_units", type=int, default=64)
    parser.add_argument("--batch", type=int, default=5)
    return parser.parse_args([])


GO = 1


def make_batch(args, rng):
    source = rng.randint(2, args.vocab, size=(args.batch, args.source_len)).astype(np.int32)
    target = source[:, ::-1]
    decoder_in = np.concatenate([np.full((args.batch, 1), GO, np.int32), target[:, :-1]], axis=1)
    return source, decoder_in, target


def seq2seq(source, decoder_in, args):
    embedding = tf.get_variable("embedding", [args.vocab, args.embed])
    with tf.variable_scope("encoder"):
        enc_cell = tf.nn.rnn_cell.GRUCell(args.encoder_units)
        _, enc_state = tf.nn.dynamic_rnn(
            enc_cell, tf.nn.embedding_lookup(embedding, source), dtype=tf.float32)
    with tf.variable_scope("decoder"):
        dec_cell = tf.nn.rnn_cell.GRUCell(args.decoder_units)
        dec_out, _ = tf.nn.dynamic_rnn(
            dec_cell, tf.nn.embedding_lookup(embedding, decoder_in), initial_state=enc_state)
    out_w = tf.get_variable("out_w", [args.decoder_units, args.vocab])
    return tf.tensordot(dec_out, out_w, axes=1)


def main():
    args = parse_args()
    source = tf.placeholder(tf.int32, [None, args.source_len])
    decoder_in = tf.placeholder(tf.int32, [None, args.source_len])
    target = tf.placeholder(tf.int32, [None, args.source_len])
    logits = seq2seq(source, decoder_in, args)
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=logits))
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

    rng = np.random.RandomState(0)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            src, dec, tgt = make_batch(args, rng)
            _, value = sess.run([train_op, loss], {source: src, decoder_in: dec, target: tgt})
            print("step", step, "loss", value)


if __name__ == "__main__":
    main()
