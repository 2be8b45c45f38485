# pattern: 34
# style: tf1
# tf: 1.15, 2.15, 2.21
# Restoring a bias with Variable.load from a checkpoint-like dict that holds the old
# 10-class head's values; the variable now has 12 classes.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

saved = {"head/bias": np.zeros(10, np.float32), "head/kernel": np.zeros((32, 10), np.float32)}

with tf.variable_scope("head"):
    kernel = tf.get_variable("kernel", [32, 12])
    bias = tf.get_variable("bias", [12])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    bias.load(saved["head/bias"], sess)  # expect: ST116
    print(sess.run(bias))
