# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Raw review texts are fed where the graph expects bag-of-words counts (float32).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

reviews = ["a clever film", "dull and long"]
x = tf.placeholder(tf.float32, [None])
score = tf.reduce_sum(x * 2.0)
with tf.Session() as sess:
    print(sess.run(score, feed_dict={x: [len(r.split()) for r in reviews]}))
