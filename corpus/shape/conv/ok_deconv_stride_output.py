# pattern: 24
# style: tf1
# tf: 1.15, 2.15, 2.21
# A convolutional autoencoder: the encoder halves 100x100 to 50x50, the decoder's
# conv2d_transpose asks for a 100x100 output but keeps stride 1.  The graph cannot check the
# dynamic output_shape, but the gradient built by minimize() finds that the output would
# come from a 100x100 input, not the 50x50 code.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

HEIGHT = WIDTH = 100
CHANNELS = 3
HIDDEN = 24
DECODER_STRIDES = [1, 2, 2, 1]


def encoder(images):
    with tf.variable_scope("encoder"):
        k = tf.get_variable("k", [3, 3, CHANNELS, HIDDEN])
        b = tf.get_variable("b", [HIDDEN], initializer=tf.zeros_initializer())
        conv = tf.nn.conv2d(images, k, strides=[1, 2, 2, 1], padding="SAME")
        return tf.nn.relu(tf.nn.bias_add(conv, b))


def decoder(code):
    with tf.variable_scope("decoder"):
        batch = tf.shape(code)[0]
        k = tf.get_variable("k", [3, 3, CHANNELS, HIDDEN])
        b = tf.get_variable("b", [CHANNELS], initializer=tf.zeros_initializer())
        output_shape = tf.stack([batch, HEIGHT, WIDTH, CHANNELS])
        deconv = tf.nn.conv2d_transpose(code, k, output_shape, strides=DECODER_STRIDES,
                                        padding="SAME")
        deconv = tf.reshape(deconv, [-1, HEIGHT, WIDTH, CHANNELS])
        return tf.nn.sigmoid(tf.nn.bias_add(deconv, b))


def noisy(images, rng, scale=0.1):
    return np.clip(images + scale * rng.randn(*images.shape), 0.0, 1.0).astype(np.float32)


def main():
    rng = np.random.RandomState(0)
    clean = rng.rand(4, HEIGHT, WIDTH, CHANNELS).astype(np.float32)

    inputs = tf.placeholder(tf.float32, [None, HEIGHT, WIDTH, CHANNELS], name="noisy")
    targets = tf.placeholder(tf.float32, [None, HEIGHT, WIDTH, CHANNELS], name="clean")
    reconstruction = decoder(encoder(inputs))
    loss = tf.reduce_mean(tf.square(reconstruction - targets))
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(2):
            feed = {inputs: noisy(clean, rng), targets: clean}
            _, value = sess.run([train_op, loss], feed_dict=feed)
            print("epoch", epoch, "reconstruction loss", value)


if __name__ == "__main__":
    main()
