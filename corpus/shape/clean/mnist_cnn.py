# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# The classic two-conv MNIST network on synthetic 28x28 digits, with a correct flatten.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def weight(shape):
    return tf.Variable(tf.truncated_normal(shape, stddev=0.1))


def bias(shape):
    return tf.Variable(tf.constant(0.1, shape=shape))


def conv_pool(x, w, b):
    h = tf.nn.relu(tf.nn.conv2d(x, w, strides=[1, 1, 1, 1], padding="SAME") + b)
    return tf.nn.max_pool(h, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 10])
keep_prob = tf.placeholder(tf.float32)
x_image = tf.reshape(x, [-1, 28, 28, 1])
h_pool1 = conv_pool(x_image, weight([5, 5, 1, 32]), bias([32]))
h_pool2 = conv_pool(h_pool1, weight([5, 5, 32, 64]), bias([64]))
h_flat = tf.reshape(h_pool2, [-1, 7 * 7 * 64])
h_fc1 = tf.nn.relu(tf.matmul(h_flat, weight([7 * 7 * 64, 256])) + bias([256]))
h_drop = tf.nn.dropout(h_fc1, keep_prob=keep_prob)
y_conv = tf.matmul(h_drop, weight([256, 10])) + bias([10])

cross_entropy = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=y_conv))
train_step = tf.train.AdamOptimizer(1e-4).minimize(cross_entropy)
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(y_conv, 1), tf.argmax(y_, 1)), tf.float32))

rng = np.random.RandomState(0)
images = rng.rand(16, 784).astype(np.float32)
labels = np.eye(10, dtype=np.float32)[rng.randint(0, 10, 16)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(2):
        batch = slice(8 * i, 8 * (i + 1))
        train_step.run(feed_dict={x: images[batch], y_: labels[batch], keep_prob: 0.5})
    print("accuracy", accuracy.eval(feed_dict={x: images, y_: labels, keep_prob: 1.0}))
