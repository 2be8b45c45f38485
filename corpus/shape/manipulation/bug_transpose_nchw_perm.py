# pattern: 30
# style: tf1
# tf: 1.15, 2.15, 2.21
# Weights and images exported from a channels-first framework are converted to TensorFlow's
# layouts in the graph; the image permutation lost its last entry.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

BATCH, CHANNELS, HEIGHT, WIDTH = 2, 3, 16, 16
OUT_CHANNELS = 4


def exported_weights(seed=0):
    """A conv kernel in [out, in, kh, kw] order and a bias, as a channels-first export has them."""
    rng = np.random.RandomState(seed)
    kernel = rng.randn(OUT_CHANNELS, CHANNELS, 3, 3).astype(np.float32) * 0.1
    bias = np.zeros(OUT_CHANNELS, np.float32)
    return kernel, bias


def exported_batch(seed=1):
    rng = np.random.RandomState(seed)
    return rng.rand(BATCH, CHANNELS, HEIGHT, WIDTH).astype(np.float32)


def to_nhwc(images_nchw):
    return tf.transpose(images_nchw, [0, 2, 3])  # expect: ST112


def to_hwio(kernel_oihw):
    return tf.transpose(kernel_oihw, [2, 3, 1, 0])


def converted_conv(images_nchw, kernel_oihw, bias):
    images = to_nhwc(images_nchw)
    kernel = to_hwio(kernel_oihw)
    return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(images, kernel, [1, 1, 1, 1], "SAME"), bias))


def reference_pixel(images_nchw, kernel_oihw, bias, row, col):
    """The converted conv's output at one interior pixel, computed in numpy."""
    patch = images_nchw[:, :, row - 1:row + 2, col - 1:col + 2]
    out = np.einsum("nchw,ochw->no", patch, kernel_oihw) + bias
    return np.maximum(out, 0.0)


def main():
    kernel_value, bias_value = exported_weights()
    images = tf.placeholder(tf.float32, [None, CHANNELS, HEIGHT, WIDTH], name="images_nchw")
    kernel = tf.constant(kernel_value)
    bias = tf.constant(bias_value)
    output = converted_conv(images, kernel, bias)
    summary = tf.reduce_mean(output, axis=[0, 1, 2])
    batch = exported_batch()
    with tf.Session() as sess:
        print(sess.run(summary, {images: batch}))
        pixel = sess.run(output, {images: batch})[:, 5, 7, :]
        print("matches reference:", np.allclose(pixel, reference_pixel(batch, kernel_value, bias_value, 5, 7), atol=1e-4))


if __name__ == "__main__":
    main()
