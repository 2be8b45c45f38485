# pattern: 7
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Classifying one 28x28x1 image with a graph whose input is a batch [None, 28, 28, 1].
import numpy as np
import tensorflow as tf

images = tf.placeholder(tf.float32, [None, 28, 28, 1], name="images")
kernel = tf.Variable(tf.truncated_normal([3, 3, 1, 8], stddev=0.1))
features = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(images, kernel, [1, 1, 1, 1], "SAME")), [1, 2])
weights = tf.Variable(tf.truncated_normal([8, 10], stddev=0.1))
probabilities = tf.nn.softmax(tf.matmul(features, weights))

digit = np.random.RandomState(0).rand(28, 28, 1).astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    probs = sess.run(probabilities, {images: digit[np.newaxis]})
    print("predicted class", probs.argmax())
