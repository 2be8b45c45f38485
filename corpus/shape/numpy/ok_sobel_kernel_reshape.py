# pattern: 26
# style: tf1
# tf: 1.15, 2.15, 2.21
# An edge detector meant to apply Sobel-x and Sobel-y at once; only the x kernel's nine
# values were listed, so they cannot fill a [3, 3, 1, 2] filter.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

sobel_x = [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]
sobel_y = [[-1, -2, -1], [0, 0, 0], [1, 2, 1]]
kernels = np.stack([sobel_x, sobel_y], axis=-1).astype(np.float32).reshape(3, 3, 1, 2)

image = tf.placeholder(tf.float32, [None, 32, 32, 1])
edges = tf.nn.conv2d(image, tf.constant(kernels), [1, 1, 1, 1], "SAME")
magnitude = tf.sqrt(tf.reduce_sum(tf.square(edges), axis=3))

with tf.Session() as sess:
    print(sess.run(magnitude, {image: np.random.RandomState(0).rand(1, 32, 32, 1)}).shape)
