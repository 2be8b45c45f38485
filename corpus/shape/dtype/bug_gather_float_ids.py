# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Row ids come from a float32 placeholder; tf.gather wants integer indices.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

table = tf.Variable(tf.random_normal([100, 16]))
ids = tf.placeholder(tf.float32, [None])
rows = tf.gather(table, ids)  # expect: ST142
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(rows, {ids: [1, 2]}).shape)
