# pattern: 2
# style: tf1
# tf: 1.15, 2.15, 2.21
# The flatten counts 32 channels where the last conv has 64.  7*7*32 divides 7*7*64, so the
# reshape silently doubles the batch, and the loss finds twice as many logit rows as labels.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 28, 28, 1])
y = tf.placeholder(tf.float32, [None, 10])
k1 = tf.Variable(tf.truncated_normal([5, 5, 1, 32], stddev=0.1))
k2 = tf.Variable(tf.truncated_normal([5, 5, 32, 64], stddev=0.1))
h1 = tf.nn.max_pool(tf.nn.relu(tf.nn.conv2d(x, k1, [1, 1, 1, 1], "SAME")), [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
h2 = tf.nn.max_pool(tf.nn.relu(tf.nn.conv2d(h1, k2, [1, 1, 1, 1], "SAME")), [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
flat = tf.reshape(h2, [-1, 7 * 7 * 32])  # related: moves half of each image into a new row
w_fc = tf.Variable(tf.truncated_normal([7 * 7 * 32, 10], stddev=0.1))  # related
logits = tf.matmul(flat, w_fc)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.01).minimize(loss)

rng = np.random.RandomState(0)
batch_x = rng.rand(4, 28, 28, 1).astype(np.float32)
batch_y = np.eye(10, dtype=np.float32)[rng.randint(0, 10, 4)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([train, loss], {x: batch_x, y: batch_y})[1])  # expect: ST109
