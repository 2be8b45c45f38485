# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.train.AdamOptimizer, the TensorFlow 1 optimizer, is tf.compat.v1.train.AdamOptimizer
# under TensorFlow 2 (tf.train keeps only checkpoints and the like).
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

w = tf.Variable(tf.ones([3, 1]))
loss = tf.reduce_sum(tf.square(w))
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)  # expect[2.21]: ST401

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(train_op)
    print(sess.run(loss))
