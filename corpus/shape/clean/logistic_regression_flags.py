# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# Logistic regression configured with tf.app.flags, trained with mini-batches of a dynamic
# size (the last batch is shorter, which a [None, d] placeholder accepts).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("dim", 7, "features")
flags.DEFINE_integer("rows", 50, "examples")
flags.DEFINE_integer("batch_size", 32, "examples per step")
FLAGS = flags.FLAGS


def main(_):
    rng = np.random.RandomState(0)
    data = rng.randn(FLAGS.rows, FLAGS.dim).astype(np.float32)
    labels = (data @ rng.randn(FLAGS.dim, 1) > 0).astype(np.float32)

    x = tf.placeholder(tf.float32, [None, FLAGS.dim])
    y = tf.placeholder(tf.float32, [None, 1])
    w = tf.Variable(tf.zeros([FLAGS.dim, 1]))
    b = tf.Variable(tf.zeros([1]))
    logits = tf.matmul(x, w) + b
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
    tf.summary.scalar("loss", loss)
    merged = tf.summary.merge_all()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for start in range(0, FLAGS.rows, FLAGS.batch_size):
            sl = slice(start, start + FLAGS.batch_size)
            _, value, _ = sess.run([train, loss, merged], {x: data[sl], y: labels[sl]})
            print("loss %.4f" % value)


if __name__ == "__main__":
    tf.app.run(main)
