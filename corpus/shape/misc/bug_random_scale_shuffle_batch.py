# pattern: 17
# style: tf1
# Scale augmentation resizes every image by a random factor before batching; the
# resized height and width are only known when the graph runs, and shuffle_batch's
# queue needs fully defined shapes.  The fix crops back to a fixed size first.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

HEIGHT, WIDTH, CROP, BATCH = 40, 48, 32, 4
image = tf.constant(np.random.rand(HEIGHT, WIDTH, 3).astype(np.float32))
scale = tf.random_uniform([], 1.0, 1.5)
size = tf.cast(tf.constant([HEIGHT, WIDTH], tf.float32) * scale, tf.int32)
image = tf.image.resize_images(image, size)  # related
label = tf.constant(1)
images, labels = tf.train.shuffle_batch([image, label], batch_size=BATCH, capacity=32,  # expect: ST120
                                        min_after_dequeue=8)

with tf.Session() as sess:
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    print(sess.run(images).shape)
    coord.request_stop()
    coord.join(threads)
