# pattern: 23
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Two argparse options describe the same length: the model's placeholders use --max_len
# (default 50) while the padding helper uses --pad_len (default 40).
import argparse

import numpy as np
import tensorflow as tf


def get_args():
    parser = argparse.ArgumentParser(description="CNN sentence classifier")
    parser.add_argument("--max_len", type=int, default=50, help="model input length")
    parser.add_argument("--pad_len", type=int, default=40, help="length sequences are padded to")
    parser.add_argument("--vocab_size", type=int, default=300)
    parser.add_argument("--embed_dim", type=int, default=16)
    parser.add_argument("--filters", type=int, default=8)
    parser.add_argument("--kernel_sizes", type=str, default="3,4,5")
    parser.add_argument("--classes", type=int, default=2)
    return parser.parse_args([])


def random_documents(count, vocab_size, seed=0):
    rng = np.random.RandomState(seed)
    lengths = rng.randint(5, 60, size=count)
    return [list(rng.randint(1, vocab_size, size=n)) for n in lengths], rng.randint(0, 2, count)


def pad_sequences(docs, length):
    out = np.zeros((len(docs), length), np.int32)
    for row, doc in enumerate(docs):
        doc = doc[:length]
        out[row, :len(doc)] = doc
    return out


def text_cnn(ids, args):
    table = tf.get_variable("embedding", [args.vocab_size, args.embed_dim])
    embedded = tf.expand_dims(tf.nn.embedding_lookup(table, ids), -1)
    pooled = []
    for size in [int(k) for k in args.kernel_sizes.split(",")]:
        kernel = tf.get_variable("conv%d" % size, [size, args.embed_dim, 1, args.filters])
        conv = tf.nn.relu(tf.nn.conv2d(embedded, kernel, [1, 1, 1, 1], "VALID"))
        pooled.append(tf.reduce_max(conv, axis=[1, 2]))
    features = tf.concat(pooled, axis=1)
    w = tf.get_variable("out", [features.get_shape().as_list()[1], args.classes])
    return tf.matmul(features, w)


def main():
    args = get_args()
    ids = tf.placeholder(tf.int32, [None, args.max_len], name="ids")
    labels = tf.placeholder(tf.int32, [None], name="labels")
    logits = text_cnn(ids, args)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)

    docs, targets = random_documents(8, args.vocab_size)
    padded = pad_sequences(docs, args.pad_len)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(2):
            _, value = sess.run([train_op, loss], {ids: padded, labels: targets})  # expect: ST105
            print("epoch", epoch, "loss", value)


if __name__ == "__main__":
    main()
