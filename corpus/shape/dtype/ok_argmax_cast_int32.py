# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Accuracy compares argmax (int64) with the labels' argmax cast to int32.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

logits = tf.placeholder(tf.float32, [None, 10])
y = tf.placeholder(tf.float32, [None, 10])
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
with tf.Session() as sess:
    print(sess.run(accuracy, {logits: np.eye(10)[:3], y: np.eye(10)[:3]}))
