# pattern: 10
# style: tf1
# tf: 1.15, 2.15, 2.21
# A digit classifier built for 28x28 grayscale input, fed colour photos that were resized to
# 28x28 but keep their 3 channels.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

SIZE = 28


def load_photos(count, seed=0):
    """Pretend photos: uint8 RGB images, already resized to SIZE x SIZE."""
    rng = np.random.RandomState(seed)
    return rng.randint(0, 256, size=(count, SIZE, SIZE, 3)).astype(np.uint8)


def preprocess(photos):
    return photos.astype(np.float32) / 255.0


def to_grayscale(photos):
    weights = np.array([0.299, 0.587, 0.114], np.float32)
    return (photos.astype(np.float32) @ weights)[..., np.newaxis]


def build(x):
    k1 = tf.get_variable("k1", [5, 5, 1, 16])
    h = tf.nn.max_pool(tf.nn.relu(tf.nn.conv2d(x, k1, [1, 1, 1, 1], "SAME")),
                       [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
    k2 = tf.get_variable("k2", [5, 5, 16, 32])
    h = tf.nn.max_pool(tf.nn.relu(tf.nn.conv2d(h, k2, [1, 1, 1, 1], "SAME")),
                       [1, 2, 2, 1], [1, 2, 2, 1], "SAME")
    flat = tf.reshape(h, [-1, 7 * 7 * 32])
    w = tf.get_variable("w", [7 * 7 * 32, 10])
    return tf.matmul(flat, w)


def report(predicted, targets):
    correct = int((predicted == targets).sum())
    print("%d/%d correct" % (correct, len(targets)))
    for digit in sorted(set(targets.tolist())):
        print("  digit %d predicted as %s" % (digit, predicted[targets == digit].tolist()))


def main():
    x = tf.placeholder(tf.float32, [None, SIZE, SIZE, 1], name="digits")
    logits = build(x)
    predictions = tf.argmax(logits, axis=1)
    labels = tf.placeholder(tf.int64, [None])
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train = tf.train.GradientDescentOptimizer(0.01).minimize(loss)
    photos = load_photos(6)
    targets = np.arange(6) % 10
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        batch = to_grayscale(preprocess(photos))
        sess.run(train, {x: batch, labels: targets})
        report(sess.run(predictions, {x: batch}), targets)


if __name__ == "__main__":
    main()
