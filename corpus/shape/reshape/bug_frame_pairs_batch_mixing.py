# pattern: 31
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: runs
# Stacking consecutive feature vectors into pairs with reshape(-1, 20): rows of different
# examples end up in one row.  It runs (the batch happens to be even) but mixes the batch.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

FEATURES = 10
x = tf.placeholder(tf.float32, [None, FEATURES])
pairs = tf.reshape(x, [-1, 2 * FEATURES])  # expect: ST203
w = tf.Variable(tf.random_normal([2 * FEATURES, 1], stddev=0.1))
score = tf.matmul(pairs, w)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(score, {x: np.ones((8, FEATURES), np.float32)}).shape)
