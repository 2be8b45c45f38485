# pattern: 33
# style: tf1
# tf: 1.15
# source: https://github.com/cedrusx/deep_features/issues/4
# class: B2
# Non-maximum suppression on a keypoint score map: the scores of one image, [1, width], get a
# trailing channel axis and go to tf.nn.max_pool, which needs rank 4; the map lost its height
# axis ([1, ?, 1] is rank 3) and the pooling cannot be built.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

radius = 2
scores = tf.placeholder(tf.float32, [1, None], name="scores")
score_map = tf.expand_dims(tf.expand_dims(scores, 1), -1)
size = 2 * radius + 1
local_max = tf.nn.max_pool(score_map, ksize=[1, size, size, 1], strides=[1, 1, 1, 1], padding="SAME")
keep = tf.cast(tf.equal(score_map, local_max), tf.float32) * score_map
with tf.Session() as sess:
    print(sess.run(keep, feed_dict={scores: np.random.rand(1, 40)}).shape)
