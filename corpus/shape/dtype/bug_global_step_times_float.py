# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# A hand-made learning-rate decay multiplies the int32 global step by a Python float.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

global_step = tf.Variable(0, trainable=False)
decay = 1.0 / (1.0 + global_step * 0.01)  # expect: ST140
learning_rate = 0.1 * decay
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(learning_rate))
