# pattern: 10
# style: tf1
# tf: 1.15, 2.21
# A loader pushes batches of RGB crops into a FIFOQueue whose image component was
# declared grayscale; enqueue_many checks every row against the component shape.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

HEIGHT, WIDTH, CHANNELS = 32, 32, 3
images_in = tf.placeholder(tf.float32, [None, HEIGHT, WIDTH, CHANNELS])
labels_in = tf.placeholder(tf.int32, [None])
queue = tf.FIFOQueue(64, [tf.float32, tf.int32], shapes=[[HEIGHT, WIDTH, 1], []])  # related
enqueue = queue.enqueue_many([images_in, labels_in])  # expect: ST130
images, labels = queue.dequeue_many(8)
mean_colour = tf.reduce_mean(images, axis=[1, 2])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    crops = np.random.rand(16, HEIGHT, WIDTH, CHANNELS).astype(np.float32)
    sess.run(enqueue, {images_in: crops, labels_in: np.arange(16) % 10})
    print(sess.run(mean_colour).shape)
