# pattern: 2
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A small VGG-style net for 32x32 colour patches.  A third conv/pool block was added later,
# but the flatten and the first fully connected layer still assume the 8x8 map of the
# two-block version.  The batch axis is open, so the reshape only fails when a batch runs:
# 6 images hold 6*4*4*64 = 6144 values, not a multiple of 8*8*64 = 4096.
import numpy as np
import tensorflow as tf

FLAGS = tf.app.flags.FLAGS
tf.app.flags.DEFINE_integer("image_size", 32, "patch height and width")
tf.app.flags.DEFINE_integer("num_classes", 6, "texture classes")
tf.app.flags.DEFINE_integer("batch_size", 6, "patches per step")
tf.app.flags.DEFINE_float("learning_rate", 0.001, "Adam step size")

BLOCKS = [(3, 16), (16, 32), (32, 64)]


def conv_block(x, in_ch, out_ch, name):
    with tf.variable_scope(name):
        k1 = tf.get_variable("k1", [3, 3, in_ch, out_ch])
        k2 = tf.get_variable("k2", [3, 3, out_ch, out_ch])
        x = tf.nn.relu(tf.nn.conv2d(x, k1, strides=[1, 1, 1, 1], padding="SAME"))
        x = tf.nn.relu(tf.nn.conv2d(x, k2, strides=[1, 1, 1, 1], padding="SAME"))
        return tf.nn.max_pool(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


def classifier(images):
    net = images
    for i, (in_ch, out_ch) in enumerate(BLOCKS):
        net = conv_block(net, in_ch, out_ch, "block%d" % (i + 1))
    flat = tf.reshape(net, [-1, 8 * 8 * 64])  # related
    w_fc = tf.get_variable("fc/w", [8 * 8 * 64, 128])
    b_fc = tf.get_variable("fc/b", [128], initializer=tf.zeros_initializer())
    hidden = tf.nn.relu(tf.matmul(flat, w_fc) + b_fc)
    w_out = tf.get_variable("out/w", [128, FLAGS.num_classes])
    return tf.matmul(hidden, w_out)


def synthetic_patches(n, seed):
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, FLAGS.num_classes, size=n)
    patches = rng.rand(n, FLAGS.image_size, FLAGS.image_size, 3).astype(np.float32)
    patches += labels[:, None, None, None] * 0.1
    return patches, labels


def main(_):
    images = tf.placeholder(tf.float32, [None, FLAGS.image_size, FLAGS.image_size, 3])
    labels = tf.placeholder(tf.int64, [None])
    logits = classifier(images)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.AdamOptimizer(FLAGS.learning_rate).minimize(loss)
    correct = tf.equal(tf.argmax(logits, 1), labels)
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

    train_x, train_y = synthetic_patches(2 * FLAGS.batch_size, seed=1)
    test_x, test_y = synthetic_patches(FLAGS.batch_size, seed=2)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            lo = step * FLAGS.batch_size
            feed = {images: train_x[lo:lo + FLAGS.batch_size], labels: train_y[lo:lo + FLAGS.batch_size]}
            _, value = sess.run([train_op, loss], feed_dict=feed)  # expect: ST104
            print("step", step, "loss", value)
        print("test accuracy", sess.run(accuracy, {images: test_x, labels: test_y}))


if __name__ == "__main__":
    tf.app.run(main)
