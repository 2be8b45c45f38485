# pattern: 8
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Images are transposed to NCHW "for speed" before feeding a placeholder declared NHWC.
import numpy as np
import tensorflow as tf

batch = np.random.RandomState(0).rand(8, 64, 64, 3).astype(np.float32)
batch_nchw = np.transpose(batch, [0, 3, 1, 2])

x = tf.placeholder(tf.float32, [None, 64, 64, 3])
kernel = tf.Variable(tf.random_normal([5, 5, 3, 16], stddev=0.05))
conv = tf.nn.relu(tf.nn.conv2d(x, kernel, strides=[1, 2, 2, 1], padding="SAME"))
mean_activation = tf.reduce_mean(conv)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(mean_activation, feed_dict={x: batch}))
