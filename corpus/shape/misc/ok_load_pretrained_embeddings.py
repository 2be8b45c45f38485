# pattern: 34
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Initialising a 128-wide embedding table from 100-dimensional pretrained word vectors
# through a placeholder and tf.assign.
import numpy as np
import tensorflow as tf

EMBEDDING_DIM = 100
PRETRAINED_DIM = 100
WORDS = ["<pad>", "<unk>", "the", "movie", "was", "good", "bad", "plot", "actor", "music"]


def fake_pretrained_vectors(words, dim, seed=0):
    """Stands in for reading a vectors file: one row per known word."""
    rng = np.random.RandomState(seed)
    return {w: rng.uniform(-0.5, 0.5, dim).astype(np.float32) for w in words[2:]}


def embedding_matrix(words, vectors, dim):
    matrix = np.zeros((len(words), dim), np.float32)
    for index, word in enumerate(words):
        if word in vectors:
            matrix[index] = vectors[word]
    return matrix


def sentence_encoder(ids, table):
    embedded = tf.nn.embedding_lookup(table, ids)
    return tf.reduce_mean(embedded, axis=1)


vectors = fake_pretrained_vectors(WORDS, PRETRAINED_DIM)
initial = embedding_matrix(WORDS, vectors, PRETRAINED_DIM)

table = tf.Variable(tf.random_uniform([len(WORDS), EMBEDDING_DIM], -1.0, 1.0), name="embeddings")
pretrained = tf.placeholder(tf.float32, [len(WORDS), PRETRAINED_DIM])
init_embeddings = table.assign(pretrained)
ids = tf.placeholder(tf.int32, [None, 4])
encoded = sentence_encoder(ids, table)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(init_embeddings, {pretrained: initial})
    batch = np.array([[2, 3, 4, 5], [2, 7, 4, 6]], np.int32)
    print(sess.run(encoded, {ids: batch}).shape)
