# pattern: 20
# style: tf1
# tf: 1.15, 2.15, 2.21
# A dense-layer helper reads the input width from axis 0 of the static shape, which is the
# (fixed) batch size here, not the feature count.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def dense(inputs, units, name):
    n_in = inputs.get_shape().as_list()[1]
    with tf.variable_scope(name):
        w = tf.get_variable("w", [n_in, units])
        b = tf.get_variable("b", [units], initializer=tf.zeros_initializer())
    return tf.matmul(inputs, w) + b


batch = tf.placeholder(tf.float32, [32, 100])
hidden = tf.nn.relu(dense(batch, 10, "hidden"))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(hidden, {batch: np.zeros((32, 100), np.float32)}).shape)
