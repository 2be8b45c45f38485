# pattern: 16
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A PNG decoded with channels=3 is declared single-channel with set_shape.
import numpy as np
import tensorflow as tf

pixels = np.random.RandomState(0).randint(0, 256, size=(16, 16, 3)).astype(np.uint8)
png_bytes = tf.image.encode_png(tf.constant(pixels))
image = tf.image.decode_png(png_bytes, channels=3)
image.set_shape([None, None, 1])  # expect: ST111
image = tf.image.resize_images(tf.cast(image, tf.float32) / 255.0, [8, 8])

with tf.Session() as sess:
    print(sess.run(image).shape)
