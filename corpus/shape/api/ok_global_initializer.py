# pattern: api
# style: tf2
# tf: 1.15, 2.15
# The variable initializer under its TensorFlow 1 name: under TensorFlow 2 only
# tf.compat.v1.global_variables_initializer exists.
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

w = tf.Variable(tf.ones([2, 2]))
doubled = w * 2.0
init = tf.compat.v1.global_variables_initializer()

with tf.compat.v1.Session() as sess:
    sess.run(init)
    print(sess.run(doubled))
