# pattern: 24
# style: tf1
# tf: 1.15, 2.15, 2.21
# A DCGAN-style generator 4 -> 8 -> 16 -> 32; the second upsampling layer's output_shape was
# copied from the last one and says 32x32.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

Z_DIM = 20


def deconv(x, out_size, out_channels, name):
    in_channels = x.get_shape().as_list()[-1]
    with tf.variable_scope(name):
        w = tf.get_variable("w", [5, 5, out_channels, in_channels],
                            initializer=tf.random_normal_initializer(stddev=0.02))
        shape = [tf.shape(x)[0], out_size, out_size, out_channels]
        return tf.nn.conv2d_transpose(x, w, shape, strides=[1, 2, 2, 1])


def generator(z):
    proj = tf.get_variable("proj", [Z_DIM, 4 * 4 * 128])
    h0 = tf.reshape(tf.matmul(z, proj), [-1, 4, 4, 128])
    h1 = tf.nn.relu(deconv(tf.nn.relu(h0), 8, 64, "g1"))
    h2 = tf.nn.relu(deconv(h1, 16, 32, "g2"))
    return tf.nn.tanh(deconv(h2, 32, 3, "g3"))


z = tf.placeholder(tf.float32, [None, Z_DIM])
images = generator(z)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    samples = sess.run(images, {z: np.random.RandomState(0).randn(2, Z_DIM)})
    print(samples.shape)
