# pattern: keys
# style: tf1-plain
# tf: 1.15
# A TF1 graph: the inputs are (batch, 784) and the code reads an image side from a shape;
# TensorFlow 1's TensorShape keeps its dimensions in a list ("list index out of range").
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 784])
images = tf.reshape(x, [-1, 28, 28, 1])
side = images.get_shape()[2]
print(side)
