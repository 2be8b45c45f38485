"""A TF1 CNN on MNIST-shaped data with the classic wrong flatten size (two 2x2 pools on 28x28 give
7x7x64, not 4x4x64).  `shapetracer check` reports the matmul on line 29 and the reshape on line 26."""
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=32)
parser.add_argument("--hidden", type=int, default=1024)
args = parser.parse_args()


def conv_layer(x, in_ch, out_ch):
    w = tf.Variable(tf.truncated_normal([5, 5, in_ch, out_ch], stddev=0.1))
    b = tf.Variable(tf.constant(0.1, shape=[out_ch]))
    h = tf.nn.relu(tf.nn.conv2d(x, w, strides=[1, 1, 1, 1], padding="SAME") + b)
    return tf.nn.max_pool(h, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


def build_model(images):
    p1 = conv_layer(images, 1, 32)
    p2 = conv_layer(p1, 32, 64)
    flat = tf.reshape(p2, [-1, 4 * 4 * 64])
    w_fc = tf.Variable(tf.truncated_normal([7 * 7 * 64, args.hidden], stddev=0.1))
    b_fc = tf.Variable(tf.constant(0.1, shape=[args.hidden]))
    fc = tf.nn.relu(tf.matmul(flat, w_fc) + b_fc)
    w_out = tf.Variable(tf.truncated_normal([args.hidden, 10], stddev=0.1))
    return tf.matmul(fc, w_out)


x = tf.placeholder(tf.float32, [None, 28, 28, 1], name="x")
y = tf.placeholder(tf.float32, [None, 10], name="y")
logits = build_model(x)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train_op = tf.train.AdamOptimizer(1e-4).minimize(loss)

images = np.random.rand(args.batch_size, 28, 28, 1).astype(np.float32)
labels = np.eye(10)[np.random.randint(0, 10, size=args.batch_size)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    _, value = sess.run([train_op, loss], feed_dict={x: images, y: labels})
    print("loss", value)
