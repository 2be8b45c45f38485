# pattern: 15
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Summing word vectors over "the token axis 2" of what is already a [batch, features] matrix.
import numpy as np
import tensorflow as tf

bag = tf.placeholder(tf.float32, [None, 50])
weights = tf.Variable(tf.random_uniform([50], 0.0, 1.0))
weighted = bag * weights
doc_score = tf.reduce_sum(weighted, axis=1)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(doc_score, {bag: np.ones((3, 50), np.float32)}))
