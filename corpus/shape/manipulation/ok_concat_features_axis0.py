# pattern: 32
# style: tf1
# tf: 1.15, 2.15, 2.21
# Joining two feature blocks of the same rows along axis 0 (rows) instead of axis 1.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

user_features = tf.placeholder(tf.float32, [None, 3])
item_features = tf.placeholder(tf.float32, [None, 4])
joined = tf.concat([user_features, item_features], axis=1)
score = tf.reduce_sum(joined, axis=1)

with tf.Session() as sess:
    print(sess.run(score, {user_features: np.ones((2, 3)), item_features: np.ones((2, 4))}))
