# pattern: 29
# style: tf1
# tf: 1.15, 2.15, 2.21
# The output bias is sized with the wrong constant: 5 (a leftover class count) for 10 logits.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

N_PIXELS, N_CLASSES, N_OLD_CLASSES = 784, 10, 5
x = tf.placeholder(tf.float32, [None, N_PIXELS])
W = tf.Variable(tf.zeros([N_PIXELS, N_CLASSES]))
b = tf.Variable(tf.zeros([N_CLASSES]))
logits = tf.nn.bias_add(tf.matmul(x, W), b)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(tf.nn.softmax(logits), {x: np.ones((1, N_PIXELS), np.float32)}))
