# pattern: 29
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# The usual weights/biases dictionaries; the first hidden bias was given the second hidden
# layer's size.
import numpy as np
import tensorflow as tf

n_input, n_hidden_1, n_hidden_2, n_classes = 12, 16, 8, 3
weights = {
    "h1": tf.Variable(tf.random_normal([n_input, n_hidden_1])),
    "h2": tf.Variable(tf.random_normal([n_hidden_1, n_hidden_2])),
    "out": tf.Variable(tf.random_normal([n_hidden_2, n_classes])),
}
biases = {
    "b1": tf.Variable(tf.random_normal([n_hidden_1])),
    "b2": tf.Variable(tf.random_normal([n_hidden_2])),
    "out": tf.Variable(tf.random_normal([n_classes])),
}

X = tf.placeholder(tf.float32, [None, n_input])
layer_1 = tf.nn.relu(tf.nn.bias_add(tf.matmul(X, weights["h1"]), biases["b1"]))
layer_2 = tf.nn.relu(tf.nn.bias_add(tf.matmul(layer_1, weights["h2"]), biases["b2"]))
out = tf.matmul(layer_2, weights["out"]) + biases["out"]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(out, {X: np.ones((2, n_input), np.float32)}))
