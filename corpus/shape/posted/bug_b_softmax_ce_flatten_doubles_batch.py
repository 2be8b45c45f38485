# pattern: 2
# style: tf1
# tf: 1.15
# source: https://github.com/tensorflow/models/issues/6036
# class: B5
# A 48-class character classifier flattens its last pooled maps, (?, 7, 7, 64), with
# reshape(pool, [-1, 7 * 7 * 32]) and sizes the dense weights to match: the reshape doubles the
# batch, so the logits have 64 rows for 32 labels when the loss runs ("logits and labels must be
# broadcastable: logits_size=[64,48] labels_size=[32,48]").
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 48], name="truth")
images = tf.reshape(x, [-1, 28, 28, 1])
conv1 = tf.nn.relu(tf.nn.conv2d(images, tf.Variable(tf.random_normal([3, 3, 1, 32])), [1, 1, 1, 1], "SAME"))
pool1 = tf.nn.max_pool(conv1, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
conv2 = tf.nn.relu(tf.nn.conv2d(pool1, tf.Variable(tf.random_normal([3, 3, 32, 64])), [1, 1, 1, 1], "SAME"))
pool2 = tf.nn.max_pool(conv2, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
depth = 32
flat = tf.reshape(pool2, [-1, 7 * 7 * depth])
logits = tf.matmul(flat, tf.Variable(tf.random_normal([7 * 7 * depth, 48])))
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=logits))  # related
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    batch = np.random.rand(32, 784)
    print(sess.run(loss, {x: batch, y_: np.eye(48)[np.arange(32) % 48]}))  # expect: ST109
