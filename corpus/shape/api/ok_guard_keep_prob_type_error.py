# pattern: api
# style: tf2
# tf: 1.15, 2.21
# tf.nn.dropout took keep_prob in TensorFlow 1 and takes rate in TensorFlow 2 (TypeError on
# the old keyword); the twin tries keep_prob and falls back to rate under
# `except TypeError:`, so it runs under both.
import tensorflow as tf

hidden = tf.ones([4, 8])
try:
    dropped = tf.nn.dropout(hidden, keep_prob=0.5)
except TypeError:
    dropped = tf.nn.dropout(hidden, rate=0.5)
print(dropped.shape)
