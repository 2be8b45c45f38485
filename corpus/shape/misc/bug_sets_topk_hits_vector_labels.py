# pattern: 12
# style: tf2
# Hit rate of a recommender: the top-k item ids of each user are intersected with the
# item the user actually picked.  tf.sets works on the last axis of rank >= 2 tensors,
# so the picked ids need a trailing axis of one.
import numpy as np
import tensorflow as tf

USERS, ITEMS, K = 32, 100, 5
scores = tf.random.uniform([USERS, ITEMS])
_, top_k = tf.math.top_k(scores, k=K)
picked = tf.constant(np.random.randint(0, ITEMS, USERS), dtype=tf.int32)
hits = tf.sets.intersection(top_k, picked)  # expect: ST102
hit_rate = tf.reduce_mean(tf.cast(tf.sets.size(hits) > 0, tf.float32))
print(float(hit_rate))
