# pattern: 11
# style: tf1
# tf: 1.15, 2.15, 2.21
# Dense softmax cross-entropy fed class ids cast to float: [N] labels against [N, 3] logits.
# The graph accepts it (the label shape is checked only at run time).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

features = tf.placeholder(tf.float32, [None, 2])
targets = tf.placeholder(tf.int64, [None])
weights = tf.Variable(tf.zeros([2, 3]))
logits = tf.matmul(features, weights)
labels = tf.one_hot(targets, 3)
xent = tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits)
loss = tf.reduce_mean(xent)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

rng = np.random.RandomState(0)
points = rng.randn(9, 2).astype(np.float32)
classes = np.arange(9) % 3
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    _, value = sess.run([train, loss], {features: points, targets: classes})
    print(value)
