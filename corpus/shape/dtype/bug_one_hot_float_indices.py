# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Labels are cast to float32 before one_hot, whose indices must be integers.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

labels = tf.placeholder(tf.int64, [None])
logits = tf.placeholder(tf.float32, [None, 10])
targets = tf.one_hot(tf.cast(labels, tf.float32), 10)  # expect: ST142
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=targets, logits=logits))
with tf.Session() as sess:
    print(sess.run(loss, {labels: [1, 2], logits: np.zeros((2, 10))}))
