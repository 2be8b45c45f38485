# pattern: 25
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Four stride-2 VALID convolutions shrink 32x32 to 1x1 (32 -> 15 -> 7 -> 3 -> 1); the 3x3
# max-pool that follows cannot fit.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 32, 32, 3])
net = x
channels = 3
for i, out_channels in enumerate([16, 32, 64, 128]):
    kernel = tf.Variable(tf.truncated_normal([3, 3, channels, out_channels], stddev=0.1),
                         name="conv%d" % i)
    net = tf.nn.relu(tf.nn.conv2d(net, kernel, [1, 2, 2, 1], padding="VALID"))
    channels = out_channels
pooled = tf.nn.max_pool(net, ksize=[1, 3, 3, 1], strides=[1, 1, 1, 1], padding="VALID")  # expect: ST106
embedding = tf.reshape(pooled, [-1, channels])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(embedding, {x: np.zeros((2, 32, 32, 3), np.float32)}).shape)
