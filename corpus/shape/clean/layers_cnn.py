# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# A CNN written with tf.layers (conv2d, max_pooling2d, flatten, dense, dropout).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def cnn(images, training):
    net = tf.layers.conv2d(images, 16, 3, padding="same", activation=tf.nn.relu)
    net = tf.layers.max_pooling2d(net, 2, 2)
    net = tf.layers.conv2d(net, 32, 3, padding="same", activation=tf.nn.relu)
    net = tf.layers.max_pooling2d(net, 2, 2)
    net = tf.layers.flatten(net)
    net = tf.layers.dense(net, 64, activation=tf.nn.relu)
    net = tf.layers.dropout(net, rate=0.3, training=training)
    return tf.layers.dense(net, 10)


images = tf.placeholder(tf.float32, [None, 28, 28, 1])
labels = tf.placeholder(tf.int32, [None])
training = tf.placeholder_with_default(False, [])
logits = cnn(images, training)
loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)

rng = np.random.RandomState(0)
data = rng.rand(8, 28, 28, 1).astype(np.float32)
targets = rng.randint(0, 10, 8)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, value = sess.run([train_op, loss], {images: data, labels: targets, training: True})
        print("step", step, "loss", value)
