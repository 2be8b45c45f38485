# pattern: 30
# style: tf1
# tf: 1.15, 2.15, 2.21
# Adding "the channel axis" to a single [H, W] grayscale image with axis=3, as if the image
# already had a batch axis: expand_dims on a rank-2 tensor accepts axes -3..2.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

gray = tf.placeholder(tf.float32, [28, 28])
image = tf.expand_dims(gray, 3)  # expect: ST107
batch = tf.expand_dims(image, 0)
edges = tf.nn.conv2d(batch, tf.constant([[-1.0, 1.0]], shape=[1, 2, 1, 1]), [1, 1, 1, 1], "SAME")

with tf.Session() as sess:
    print(sess.run(edges, {gray: np.eye(28, dtype=np.float32)}).shape)
