# pattern: 13
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/tensorflow/issues/1343
# class: B5
# A binary classifier's logits are (?, 1) and its targets a vector (?,); the sigmoid
# cross-entropy wants the same shape for both ("logits and labels must have the same shape
# ((?, 1) vs (?,))") instead of broadcasting them to (?, ?).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

features = tf.placeholder(tf.float32, [None, 6])
targets = tf.placeholder(tf.float32, [None])
logits = tf.matmul(features, tf.Variable(tf.zeros([6, 1])))
labels = targets
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))  # expect: ST109
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss, {features: np.random.rand(5, 6), targets: np.ones(5)}))
