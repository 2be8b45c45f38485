# pattern: 5
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A "dense layer over the whole sentence": W is sized for the flattened [T*E] sequence, but the
# rank-3 embeddings go into matmul as they are (it multiplies the last axis only).
import numpy as np
import tensorflow as tf

VOCAB = 50
SEQ_LEN = 8
EMBED = 16
HIDDEN = 32

token_ids = tf.placeholder(tf.int32, [None, SEQ_LEN])
embeddings = tf.Variable(tf.random_uniform([VOCAB, EMBED], -1.0, 1.0))
embedded = tf.nn.embedding_lookup(embeddings, token_ids)
W = tf.Variable(tf.truncated_normal([SEQ_LEN * EMBED, HIDDEN], stddev=0.1))
hidden = tf.nn.relu(tf.matmul(tf.reshape(embedded, [-1, SEQ_LEN * EMBED]), W))
score = tf.reduce_sum(hidden, axis=-1)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    batch = np.random.RandomState(0).randint(0, VOCAB, size=(3, SEQ_LEN))
    print(sess.run(score, {token_ids: batch}))
