# pattern: 5
# style: tf1
# tf: 1.15, 2.15, 2.21
# A bag-of-embeddings sentiment model configured with tf.app.flags.  The projection of the
# rank-3 embeddings goes through tensordot (matmul wants matrices), but contracts axis 1
# (time) instead of axis 2 (embedding).
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("vocab_size", 200, "number of distinct tokens")
flags.DEFINE_integer("max_len", 12, "tokens per example after padding")
flags.DEFINE_integer("embed_dim", 24, "embedding width")
flags.DEFINE_integer("hidden", 16, "projection width")
flags.DEFINE_integer("batch_size", 8, "examples per step")
flags.DEFINE_float("learning_rate", 0.01, "Adam learning rate")
FLAGS = flags.FLAGS


def synthetic_reviews(n, vocab_size, max_len, seed=0):
    """Token ids with a length-dependent tail of padding (id 0) and binary labels."""
    rng = np.random.RandomState(seed)
    ids = rng.randint(1, vocab_size, size=(n, max_len))
    lengths = rng.randint(3, max_len + 1, size=n)
    for row, length in enumerate(lengths):
        ids[row, length:] = 0
    labels = (ids.sum(axis=1) % 2).astype(np.int64)
    return ids.astype(np.int32), labels


def build_graph():
    ids = tf.placeholder(tf.int32, [FLAGS.batch_size, FLAGS.max_len], name="ids")
    labels = tf.placeholder(tf.int64, [FLAGS.batch_size], name="labels")
    table = tf.get_variable("embeddings", [FLAGS.vocab_size, FLAGS.embed_dim])
    embedded = tf.nn.embedding_lookup(table, ids)
    proj = tf.get_variable("proj", [FLAGS.embed_dim, FLAGS.hidden])
    hidden = tf.nn.tanh(tf.tensordot(embedded, proj, axes=[[1], [0]]))  # expect: ST124
    mask = tf.cast(tf.not_equal(ids, 0), tf.float32)
    pooled = tf.reduce_sum(hidden * tf.expand_dims(mask, -1), axis=1)
    pooled = pooled / tf.maximum(tf.reduce_sum(mask, axis=1, keepdims=True), 1.0)
    logits = tf.matmul(pooled, tf.get_variable("out", [FLAGS.hidden, 2]))
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.AdamOptimizer(FLAGS.learning_rate).minimize(loss)
    return ids, labels, loss, train_op


def main(_):
    data, targets = synthetic_reviews(4 * FLAGS.batch_size, FLAGS.vocab_size, FLAGS.max_len)
    ids, labels, loss, train_op = build_graph()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            lo = step * FLAGS.batch_size
            feed = {ids: data[lo:lo + FLAGS.batch_size], labels: targets[lo:lo + FLAGS.batch_size]}
            _, value = sess.run([train_op, loss], feed_dict=feed)
            print("step", step, "loss", value)


if __name__ == "__main__":
    tf.app.run(main)
