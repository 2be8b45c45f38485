# pattern: 32
# style: tf1
# tf: 1.15, 2.15, 2.21
# A U-Net skip connection on a 30x30 input: pooling 15x15 to 8x8 (SAME) and upsampling
# back gives 16x16, which no longer matches the 15x15 skip tensor.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def conv(x, out_channels, name):
    k = tf.get_variable(name, [3, 3, x.get_shape().as_list()[-1], out_channels])
    return tf.nn.relu(tf.nn.conv2d(x, k, [1, 1, 1, 1], "SAME"))


x = tf.placeholder(tf.float32, [None, 30, 30, 1])
down1 = tf.nn.max_pool(conv(x, 8, "c1"), [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
down2 = tf.nn.max_pool(conv(down1, 16, "c2"), [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
up = tf.image.resize_nearest_neighbor(down2, [16, 16])
merged = tf.concat([up, down1], axis=3)  # expect: ST108
out = conv(merged, 1, "c3")

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(out, {x: np.zeros((1, 30, 30, 1), np.float32)}).shape)
