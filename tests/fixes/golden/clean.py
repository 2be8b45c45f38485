import tensorflow as tf

x = tf.zeros([4, 784])
w = tf.zeros([784, 10])
y = tf.matmul(x, w)
flat = tf.reshape(tf.zeros([8, 7, 7, 64]), [8, -1])
