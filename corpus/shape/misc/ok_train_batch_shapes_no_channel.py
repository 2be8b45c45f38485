# pattern: 16
# style: tf1
# tf.train.batch is told the example shapes explicitly, but the image shape was written
# without its channel axis; the declared shape contradicts the tensor's static shape.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

SIDE, BATCH = 28, 8
image = tf.constant(np.random.rand(SIDE, SIDE, 1).astype(np.float32))
label = tf.constant(7)
images, labels = tf.train.batch([image, label], batch_size=BATCH,
                                shapes=[[SIDE, SIDE, 1], []])

with tf.Session() as sess:
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    print(sess.run(images).shape)
    coord.request_stop()
    coord.join(threads)
