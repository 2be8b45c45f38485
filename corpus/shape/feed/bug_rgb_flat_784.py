# pattern: 10
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A softmax regression over flattened 28x28 digits ([None, 784]) given flattened RGB images
# (28*28*3 = 2352 values per row).
import numpy as np
import tensorflow as tf

rgb = np.random.RandomState(0).rand(16, 28, 28, 3).astype(np.float32)
flat = rgb.reshape(len(rgb), -1)
labels = np.eye(10, dtype=np.float32)[np.arange(16) % 10]

x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 10])
W = tf.Variable(tf.zeros([784, 10]))
b = tf.Variable(tf.zeros([10]))
y = tf.matmul(x, W) + b
cross_entropy = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=y))
train_step = tf.train.GradientDescentOptimizer(0.5).minimize(cross_entropy)

sess = tf.InteractiveSession()
tf.global_variables_initializer().run()
sess.run(train_step, feed_dict={x: flat, y_: labels})  # expect: ST105
sess.close()
