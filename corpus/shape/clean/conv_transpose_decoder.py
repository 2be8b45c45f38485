# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# A conv encoder/decoder whose conv2d_transpose output shapes agree with strides and
# padding (7 -> 14 -> 28 with stride 2, SAME).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def encoder(images):
    k1 = tf.get_variable("k1", [3, 3, 1, 16])
    k2 = tf.get_variable("k2", [3, 3, 16, 32])
    h = tf.nn.relu(tf.nn.conv2d(images, k1, [1, 2, 2, 1], "SAME"))
    return tf.nn.relu(tf.nn.conv2d(h, k2, [1, 2, 2, 1], "SAME"))


def decoder(code):
    batch = tf.shape(code)[0]
    d1 = tf.get_variable("d1", [3, 3, 16, 32])
    d2 = tf.get_variable("d2", [3, 3, 1, 16])
    h = tf.nn.relu(tf.nn.conv2d_transpose(code, d1, tf.stack([batch, 14, 14, 16]), [1, 2, 2, 1], "SAME"))
    out = tf.nn.conv2d_transpose(h, d2, tf.stack([batch, 28, 28, 1]), [1, 2, 2, 1], "SAME")
    return tf.reshape(out, [-1, 28, 28, 1])


images = tf.placeholder(tf.float32, [None, 28, 28, 1])
reconstruction = tf.nn.sigmoid(decoder(encoder(images)))
loss = tf.reduce_mean(tf.square(reconstruction - images))
train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)

data = np.random.RandomState(0).rand(6, 28, 28, 1).astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        _, value = sess.run([train_op, loss], {images: data})
        print("step", step, "mse", value)
