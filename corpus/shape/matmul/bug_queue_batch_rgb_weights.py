# pattern: 1
# style: tf1
# tf: 1.15, 2.21
# Examples reach the model through a FIFOQueue of flattened grayscale images, but the
# first layer's weights were sized for flattened RGB images.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

SIDE, CLASSES, BATCH = 28, 10, 32
queue = tf.FIFOQueue(256, [tf.float32, tf.int64], shapes=[[SIDE * SIDE], []])
enqueue = queue.enqueue_many([np.random.rand(128, SIDE * SIDE).astype(np.float32),
                              np.random.randint(0, CLASSES, 128)])
x, y = queue.dequeue_many(BATCH)
w = tf.Variable(tf.zeros([SIDE * SIDE * 3, CLASSES]))  # related
b = tf.Variable(tf.zeros([CLASSES]))
logits = tf.matmul(x, w) + b  # expect: ST101
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(enqueue)
    print(sess.run([loss, train])[0])
