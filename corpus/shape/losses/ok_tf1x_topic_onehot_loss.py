# pattern: 11
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A news-topic classifier over hashed bag-of-words vectors.  The label placeholder holds class
# indices (the loader yields ints), but the loss is the one-hot tf.losses.softmax_cross_entropy,
# which requires labels shaped like the [batch, 5] logits.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("hash_buckets", 256, "hashed vocabulary size")
flags.DEFINE_integer("hidden", 32, "hidden units")
flags.DEFINE_integer("batch_size", 20, "documents per step")
flags.DEFINE_float("keep_prob", 0.8, "dropout keep probability")
FLAGS = flags.FLAGS

TOPICS = ["sport", "politics", "science", "arts", "business"]


def hash_tokens(tokens, buckets):
    vec = np.zeros(buckets, np.float32)
    for tok in tokens:
        vec[sum(ord(c) * 31 ** i for i, c in enumerate(tok)) % buckets] += 1.0
    return vec / max(len(tokens), 1)


def synthetic_corpus(n, seed):
    rng = np.random.RandomState(seed)
    docs, labels = [], []
    for _ in range(n):
        topic = rng.randint(len(TOPICS))
        words = ["w%d" % rng.randint(500) for _ in range(30)]
        words += [TOPICS[topic]] * 5
        docs.append(hash_tokens(words, FLAGS.hash_buckets))
        labels.append(topic)
    return np.stack(docs), np.array(labels, np.int64)


def mlp(x, keep_prob):
    w1 = tf.Variable(tf.truncated_normal([FLAGS.hash_buckets, FLAGS.hidden], stddev=0.05))
    b1 = tf.Variable(tf.zeros([FLAGS.hidden]))
    w2 = tf.Variable(tf.truncated_normal([FLAGS.hidden, len(TOPICS)], stddev=0.05))
    b2 = tf.Variable(tf.zeros([len(TOPICS)]))
    h = tf.nn.dropout(tf.nn.relu(tf.matmul(x, w1) + b1), keep_prob)
    return tf.matmul(h, w2) + b2


def main(_):
    docs = tf.placeholder(tf.float32, [None, FLAGS.hash_buckets])
    topic_ids = tf.placeholder(tf.int64, [None])
    keep_prob = tf.placeholder_with_default(1.0, [])
    logits = mlp(docs, keep_prob)
    loss = tf.losses.softmax_cross_entropy(tf.one_hot(topic_ids, len(TOPICS)), logits)
    train_op = tf.train.AdamOptimizer(0.005).minimize(loss)
    hits = tf.equal(tf.argmax(logits, 1), topic_ids)
    accuracy = tf.reduce_mean(tf.cast(hits, tf.float32))

    x_train, y_train = synthetic_corpus(2 * FLAGS.batch_size, seed=0)
    x_test, y_test = synthetic_corpus(FLAGS.batch_size, seed=1)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            sl = slice(step * FLAGS.batch_size, (step + 1) * FLAGS.batch_size)
            feed = {docs: x_train[sl], topic_ids: y_train[sl], keep_prob: FLAGS.keep_prob}
            print("step", step, "loss", sess.run([train_op, loss], feed)[1])
        print("test accuracy", sess.run(accuracy, {docs: x_test, topic_ids: y_test}))


if __name__ == "__main__":
    tf.app.run(main)
