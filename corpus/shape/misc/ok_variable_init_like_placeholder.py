# pattern: 17
# style: tf1
# An exponential moving average of the input batch is kept in a variable created with
# tf.zeros_like(features); features comes from a placeholder whose batch is None, and a
# TF1 variable needs a fully defined initial shape.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

BATCH, FEATURES = 16, 8
features = tf.placeholder(tf.float32, [None, FEATURES])
smoothed = tf.Variable(tf.zeros([BATCH, FEATURES]), trainable=False)
update = tf.assign(smoothed, 0.9 * smoothed + 0.1 * features)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        out = sess.run(update, {features: np.random.rand(BATCH, FEATURES)})
    print(out.shape)
