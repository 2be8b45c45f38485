# pattern: 14
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: runs
# Mean absolute error between a squeezed target vector [N] and [N, 1] outputs from a
# sigmoid unit.  It runs and reports a meaningless number.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

scores = tf.placeholder(tf.float32, [None, 3])
ratings = tf.placeholder(tf.float32, [None, 1])
out = tf.sigmoid(tf.matmul(scores, tf.Variable(tf.ones([3, 1]))))
target = ratings
mae = tf.reduce_mean(tf.abs(out - target))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(mae, {scores: np.eye(3, dtype=np.float32), ratings: [[0.1], [0.5], [0.9]]}))
