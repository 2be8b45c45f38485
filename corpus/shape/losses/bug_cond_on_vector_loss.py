# pattern: 22
# style: tf1
# tf: 2.15, 2.21
# Keeping the best weights with tf.cond on "loss < best": the loss is still a vector, and
# tf.cond needs a scalar predicate.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 3])
y = tf.placeholder(tf.float32, [None])
w = tf.Variable(tf.ones([3]))
loss = tf.square(tf.reduce_sum(x * w, axis=1) - y)
best = tf.Variable(np.inf, dtype=tf.float32)
best_w = tf.Variable(tf.ones([3]))
keep = tf.cond(loss < best,  # expect: ST102
               lambda: tf.group(tf.assign(best, tf.reduce_mean(loss)), tf.assign(best_w, w)),
               lambda: tf.no_op())

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(keep, {x: np.eye(3, dtype=np.float32), y: [1.0, 2.0, 3.0]})
    print(sess.run(best))
