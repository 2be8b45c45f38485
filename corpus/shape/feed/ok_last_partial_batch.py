# pattern: 19
# style: tf1
# tf: 1.15, 2.15, 2.21
# The placeholders fix the batch at 64 rows; the data set has 100 rows, so the second batch
# of the epoch has only 36 and does not fit.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("batch_size", 64, "rows per training step")
flags.DEFINE_integer("num_rows", 100, "rows in the synthetic data set")
flags.DEFINE_integer("input_dim", 784, "pixels per image")
flags.DEFINE_integer("hidden_dim", 32, "hidden units")
flags.DEFINE_integer("epochs", 1, "passes over the data")
FLAGS = flags.FLAGS


def dataset(num_rows, input_dim, seed=0):
    rng = np.random.RandomState(seed)
    images = rng.rand(num_rows, input_dim).astype(np.float32)
    labels = rng.randint(0, 10, size=num_rows).astype(np.int32)
    return images, labels


def batches(images, labels, batch_size):
    """Consecutive slices; the last one holds whatever is left."""
    for start in range(0, len(images), batch_size):
        yield images[start:start + batch_size], labels[start:start + batch_size]


def model(x):
    w1 = tf.get_variable("w1", [FLAGS.input_dim, FLAGS.hidden_dim])
    b1 = tf.get_variable("b1", [FLAGS.hidden_dim], initializer=tf.zeros_initializer())
    w2 = tf.get_variable("w2", [FLAGS.hidden_dim, 10])
    hidden = tf.nn.relu(tf.matmul(x, w1) + b1)
    return tf.matmul(hidden, w2)


def evaluate(sess, accuracy, x, y, images, labels):
    scores = [sess.run(accuracy, {x: bx, y: by}) for bx, by in batches(images, labels, FLAGS.batch_size)]
    return sum(scores) / len(scores)


def main(_):
    x = tf.placeholder(tf.float32, [None, FLAGS.input_dim])
    y = tf.placeholder(tf.int32, [None])
    logits = model(x)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1, output_type=tf.int32), y), tf.float32))

    images, labels = dataset(FLAGS.num_rows, FLAGS.input_dim)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(FLAGS.epochs):
            total = 0.0
            for batch_x, batch_y in batches(images, labels, FLAGS.batch_size):
                _, value = sess.run([train_op, loss], {x: batch_x, y: batch_y})
                total += value
            print("epoch %d mean loss %.4f" % (epoch, total))
        print("accuracy %.3f" % evaluate(sess, accuracy, x, y, images, labels))


if __name__ == "__main__":
    tf.app.run(main)
