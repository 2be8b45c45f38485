# pattern: 16
# style: tf1
# tf: 1.15, 2.15, 2.21
# ensure_shape guards the encoder output with the width from an older config (128); the
# encoder now produces 64 features.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

ENCODER_UNITS = 64
x = tf.placeholder(tf.float32, [None, 20])
w = tf.get_variable("enc", [20, ENCODER_UNITS])
code = tf.nn.relu(tf.matmul(x, w))
code = tf.ensure_shape(code, [None, ENCODER_UNITS])
decoded = tf.matmul(code, tf.transpose(w))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(decoded, {x: np.ones((2, 20), np.float32)}).shape)
