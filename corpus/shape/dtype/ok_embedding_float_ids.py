# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Token ids are fed through a float32 placeholder into embedding_lookup.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

VOCAB, DIM = 1000, 32
tokens = tf.placeholder(tf.int32, [None, 20])
embeddings = tf.get_variable("embeddings", [VOCAB, DIM])
embedded = tf.nn.embedding_lookup(embeddings, tokens)
pooled = tf.reduce_mean(embedded, axis=1)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(pooled, {tokens: np.zeros((2, 20))}).shape)
