# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# tf.where gets a 0/1 int32 mask as its condition; it wants bool.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

scores = tf.placeholder(tf.float32, [None])
keep = tf.placeholder(tf.int32, [None])
masked = tf.where(tf.cast(keep, tf.bool), scores, tf.zeros_like(scores))
with tf.Session() as sess:
    print(sess.run(masked, {scores: [0.5, 0.7], keep: [1, 0]}))
