# pattern: 30
# style: tf1
# Matrix factorisation trained one rating at a time: the predicted rating is read from
# the score matrix with gather_nd and a single [row, col] index.  The forward pass works,
# but the gradient of a gather_nd that returns a scalar scatters a scalar, which
# ScatterNd refuses when minimize builds the gradient graph.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

USERS, ITEMS = 6, 5
scores = tf.get_variable("scores", [USERS, ITEMS], initializer=tf.zeros_initializer())
pair = tf.placeholder(tf.int32, [2])
rating = tf.placeholder(tf.float32, [])
predicted = tf.gather_nd(scores, pair)  # related
loss = tf.square(predicted - rating)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)  # expect: ST102

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([loss, train], {pair: [1, 2], rating: 4.0})[0])
