# pattern: 12
# style: tf1
# tf: 1.15, 2.15, 2.21
# Top-3 accuracy with tf.nn.in_top_k, whose targets must be a vector of class ids; the
# label placeholder is a column [None, 1].
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

logits = tf.placeholder(tf.float32, [None, 100])
label_column = tf.placeholder(tf.int32, [None, 1])
hits = tf.nn.in_top_k(logits, tf.squeeze(label_column, axis=1), k=3)
top3_accuracy = tf.reduce_mean(tf.cast(hits, tf.float32))

rng = np.random.RandomState(0)
with tf.Session() as sess:
    print(sess.run(top3_accuracy, {logits: rng.randn(6, 100), label_column: rng.randint(0, 100, (6, 1))}))
