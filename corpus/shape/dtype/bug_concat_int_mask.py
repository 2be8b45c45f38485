# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# A 0/1 int32 mask is concatenated to float features.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

features = tf.placeholder(tf.float32, [None, 8])
mask = tf.placeholder(tf.int32, [None, 1])
joined = tf.concat([features, mask], axis=1)  # expect: ST140
with tf.Session() as sess:
    print(sess.run(joined, {features: np.ones((2, 8)), mask: [[1], [0]]}).shape)
