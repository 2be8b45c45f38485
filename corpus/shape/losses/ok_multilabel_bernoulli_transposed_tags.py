# pattern: 13
# style: tf1
# A multi-label tagger models every tag as a Bernoulli over its logit; the tag matrix
# was stored tag-major, [tags, examples], so log_prob cannot line it up with the
# [examples, tags] logits.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

EXAMPLES, FEATURES, TAGS = 6, 10, 4
features = tf.constant(np.random.rand(EXAMPLES, FEATURES).astype(np.float32))
tag_matrix = np.random.randint(0, 2, (TAGS, EXAMPLES))
tags = tf.constant(tag_matrix.T)
w = tf.Variable(tf.zeros([FEATURES, TAGS]))
likelihood = tf.distributions.Bernoulli(logits=tf.matmul(features, w))
loss = -tf.reduce_mean(likelihood.log_prob(tags))
train = tf.train.AdamOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([loss, train])[0])
