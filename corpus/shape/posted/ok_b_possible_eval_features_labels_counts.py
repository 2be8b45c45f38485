# pattern: 32
# style: tf1
# tf: 1.15
# source: https://github.com/ayush1997/Xvision/issues/7
# class: B6
# A chest X-ray classifier trains on batches of 25 and is then tested: the test run feeds the
# features of the 9 test images together with the 25 labels of the last training batch, and the
# accuracy's tf.equal meets 9 predictions and 25 labels ("Incompatible shapes: [9] vs. [25]").
# Its twin feeds the test labels; differing batch sizes in different runs then never meet.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

rng = np.random.RandomState(7)
train_x, train_y = rng.rand(100, 16), np.eye(2)[rng.randint(0, 2, 100)]
test_x, test_y = rng.rand(9, 16), np.eye(2)[rng.randint(0, 2, 9)]

x = tf.placeholder(tf.float32, [None, 16])
y = tf.placeholder(tf.float32, [None, 2])
w = tf.Variable(tf.zeros([16, 2]))
logits = tf.matmul(x, w)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for start in range(0, 100, 25):
        batch_y = train_y[start:start + 25]
        sess.run(train_op, feed_dict={x: train_x[start:start + 25], y: batch_y})
    test_label = test_y
    print(sess.run(accuracy, feed_dict={x: test_x, y: test_label}))
