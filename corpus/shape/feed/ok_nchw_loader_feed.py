# pattern: 8
# style: tf1
# tf: 1.15, 2.15, 2.21
# The data loader (written for a channels-first framework) yields [N, C, H, W] batches;
# the TensorFlow graph was built for the default NHWC layout.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

IMAGE = 32
CHANNELS = 3
CLASSES = 5
BATCH = 4


class ChannelsFirstLoader:
    """Yields (images, labels) with images laid out as [batch, channels, height, width]."""

    def __init__(self, count, seed=0):
        rng = np.random.RandomState(seed)
        self.images = rng.rand(count, CHANNELS, IMAGE, IMAGE).astype(np.float32)
        self.labels = rng.randint(0, CLASSES, size=count)

    def batches(self, size):
        for start in range(0, len(self.images), size):
            yield self.images[start:start + size].transpose(0, 2, 3, 1), self.labels[start:start + size]


def small_convnet(images):
    kernel1 = tf.get_variable("k1", [3, 3, CHANNELS, 16])
    net = tf.nn.relu(tf.nn.conv2d(images, kernel1, [1, 1, 1, 1], "SAME"))
    net = tf.nn.max_pool(net, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
    kernel2 = tf.get_variable("k2", [3, 3, 16, 32])
    net = tf.nn.relu(tf.nn.conv2d(net, kernel2, [1, 1, 1, 1], "SAME"))
    net = tf.reduce_mean(net, axis=[1, 2])
    w = tf.get_variable("w", [32, CLASSES])
    return tf.matmul(net, w)


def evaluate(sess, accuracy, images, labels, loader):
    """Mean accuracy over the loader's batches."""
    scores = []
    for batch_images, batch_labels in loader.batches(BATCH):
        scores.append(sess.run(accuracy, {images: batch_images, labels: batch_labels}))
    return float(np.mean(scores))


def main():
    images = tf.placeholder(tf.float32, [None, IMAGE, IMAGE, CHANNELS], name="images")
    labels = tf.placeholder(tf.int64, [None], name="labels")
    logits = small_convnet(images)
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), labels), tf.float32))

    loader = ChannelsFirstLoader(2 * BATCH)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step, (batch_images, batch_labels) in enumerate(loader.batches(BATCH)):
            feed = {images: batch_images, labels: batch_labels}
            _, value = sess.run([train_op, loss], feed)
            print("step", step, "loss", value)
        print("accuracy", evaluate(sess, accuracy, images, labels, ChannelsFirstLoader(BATCH, seed=1)))


if __name__ == "__main__":
    main()
