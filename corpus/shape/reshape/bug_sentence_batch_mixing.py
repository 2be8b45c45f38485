# pattern: 31
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: runs
# Word vectors averaged per "sentence" after a reshape that assumes the token axis is
# 4 long; the placeholder carries 6 tokens per row, so sentences straddle examples.
import numpy as np
import tensorflow as tf

TOKENS = 6
EMBED = 8
token_vectors = tf.placeholder(tf.float32, [None, TOKENS * EMBED])
sentences = tf.reshape(token_vectors, [-1, 4 * EMBED])  # expect: ST203
sentence_mean = tf.reduce_mean(tf.reshape(sentences, [-1, 4, EMBED]), axis=1)

with tf.Session() as sess:
    batch = np.random.RandomState(0).rand(2, TOKENS * EMBED).astype(np.float32)
    print(sess.run(sentence_mean, {token_vectors: batch}).shape)
