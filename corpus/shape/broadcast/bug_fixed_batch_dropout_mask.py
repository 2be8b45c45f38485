# pattern: 18
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: runs
# A hand-made dropout mask sized [BATCH_SIZE, HIDDEN] multiplies activations whose batch
# is dynamic.  It runs for batches of exactly 32 rows (as here) and fails for others.
import numpy as np
import tensorflow as tf

BATCH_SIZE = 32
HIDDEN = 20
KEEP = 0.8

x = tf.placeholder(tf.float32, [None, 10])
hidden = tf.nn.relu(tf.matmul(x, tf.Variable(tf.random_normal([10, HIDDEN], stddev=0.1))))
mask = tf.cast(tf.random_uniform([BATCH_SIZE, HIDDEN]) < KEEP, tf.float32)
dropped = hidden * mask / KEEP  # expect: ST201
output = tf.reduce_sum(dropped, axis=1)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(output, {x: np.ones((BATCH_SIZE, 10), np.float32)}).shape)
