# pattern: 1
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Softmax regression whose weights are declared [classes, features], as in the math notation W x.
import numpy as np
import tensorflow as tf

N_FEATURES = 20
N_CLASSES = 4

rng = np.random.RandomState(1)
data = rng.randn(64, N_FEATURES).astype(np.float32)
labels = rng.randint(0, N_CLASSES, size=64)

x = tf.placeholder(tf.float32, [None, N_FEATURES])
y = tf.placeholder(tf.int64, [None])
W = tf.Variable(tf.truncated_normal([N_CLASSES, N_FEATURES], stddev=0.1))
b = tf.Variable(tf.zeros([N_CLASSES]))
logits = tf.matmul(x, W) + b  # expect: ST101
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
train = tf.train.AdamOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([train, loss], {x: data, y: labels})[1])
