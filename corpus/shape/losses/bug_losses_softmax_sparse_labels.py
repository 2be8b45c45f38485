# pattern: 11
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# tf.losses.softmax_cross_entropy wants one-hot labels; it is given the integer class ids.
import numpy as np
import tensorflow as tf

NUM_CLASSES = 4
x = tf.placeholder(tf.float32, [None, 8])
class_ids = tf.placeholder(tf.int32, [None])
logits = tf.matmul(x, tf.Variable(tf.random_normal([8, NUM_CLASSES], stddev=0.1)))
loss = tf.losses.softmax_cross_entropy(onehot_labels=class_ids, logits=logits)  # expect: ST109
train = tf.train.AdamOptimizer(0.01).minimize(loss)

rng = np.random.RandomState(0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([train, loss], {x: rng.randn(5, 8), class_ids: rng.randint(0, NUM_CLASSES, 5)})[1])
