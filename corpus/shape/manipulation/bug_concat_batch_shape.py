# pattern: 21
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Spatial attention over conv features: the flatten's target shape is built with
# tf.concat([batch, [H * W, C]]), where `batch` is a scalar (tf.shape(x)[0]) and concat
# wants rank-1 pieces.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("height", 6, "feature map height")
flags.DEFINE_integer("width", 6, "feature map width")
flags.DEFINE_integer("channels", 8, "feature map channels")
flags.DEFINE_integer("classes", 3, "output classes")
FLAGS = flags.FLAGS


def conv_features(images):
    kernel = tf.get_variable("kernel", [3, 3, 3, FLAGS.channels])
    return tf.nn.relu(tf.nn.conv2d(images, kernel, [1, 2, 2, 1], "SAME"))


def spatial_attention(features):
    """Softmax over the H*W positions, then a weighted sum of the position vectors."""
    batch = tf.shape(features)[0]
    positions = FLAGS.height * FLAGS.width
    flat_shape = tf.concat([batch, [positions, FLAGS.channels]], axis=0)  # expect: ST102
    flat = tf.reshape(features, flat_shape)
    score_w = tf.get_variable("score_w", [FLAGS.channels, 1])
    scores = tf.tensordot(flat, score_w, axes=1)
    weights = tf.nn.softmax(scores, axis=1)
    return tf.reduce_sum(flat * weights, axis=1), weights


def attention_entropy(weights):
    """Mean entropy of the attention maps; log(H*W) means attention is still uniform."""
    flat = weights.reshape(weights.shape[0], -1)
    return float(-(flat * np.log(flat + 1e-9)).sum(axis=1).mean())


def main(_):
    images = tf.placeholder(tf.float32, [None, 2 * FLAGS.height, 2 * FLAGS.width, 3])
    labels = tf.placeholder(tf.int32, [None])
    features = conv_features(images)
    pooled, attention = spatial_attention(features)
    logits = tf.matmul(pooled, tf.get_variable("out", [FLAGS.channels, FLAGS.classes]))
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

    rng = np.random.RandomState(0)
    batch_images = rng.rand(5, 2 * FLAGS.height, 2 * FLAGS.width, 3).astype(np.float32)
    batch_labels = rng.randint(0, FLAGS.classes, 5)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            _, value, att = sess.run([train_op, loss, attention],
                                     {images: batch_images, labels: batch_labels})
            print("step", step, "loss", value, "attention entropy", attention_entropy(att))


if __name__ == "__main__":
    tf.app.run()
