# pattern: 17
# style: tf1
# tf: 1.15, 2.15, 2.21
# A queue-based input pipeline batches decoded JPEGs; decode_jpeg leaves height and width
# unknown, and tf.train.batch needs fully defined shapes.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

HEIGHT, WIDTH = 24, 32
pixels = np.random.RandomState(0).randint(0, 256, size=(HEIGHT, WIDTH, 3)).astype(np.uint8)
jpeg = tf.image.encode_jpeg(tf.constant(pixels))
image = tf.image.decode_jpeg(jpeg, channels=3)
image = tf.image.convert_image_dtype(image, tf.float32)
images = tf.train.batch([image], batch_size=4)  # expect: ST120

with tf.Session() as sess:
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    print(sess.run(images).shape)
    coord.request_stop()
    coord.join(threads)
