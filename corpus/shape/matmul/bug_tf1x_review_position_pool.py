# pattern: 5
# style: tf1
# tf: 1.15, 2.15, 2.21
# A review-sentiment model pools its word embeddings with one learned weight per position.
# The pooling is written as matmul(embedded, w_pos), but embedded is rank 3 [batch, len, emb]
# and matmul contracts its *last* axis (16), not the position axis (20) the weights are for.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("vocab_size", 300, "word ids")
flags.DEFINE_integer("max_len", 20, "tokens per review (padded)")
flags.DEFINE_integer("embed_dim", 16, "embedding width")
flags.DEFINE_integer("batch_size", 12, "reviews per step")
FLAGS = flags.FLAGS

POSITIVE_WORDS = list(range(10, 20))


def fake_reviews(n, seed):
    rng = np.random.RandomState(seed)
    ids = rng.randint(20, FLAGS.vocab_size, size=(n, FLAGS.max_len))
    labels = rng.randint(0, 2, size=n)
    for row in np.nonzero(labels)[0]:
        slots = rng.choice(FLAGS.max_len, 3, replace=False)
        ids[row, slots] = rng.choice(POSITIVE_WORDS, 3)
    lengths = rng.randint(FLAGS.max_len // 2, FLAGS.max_len + 1, size=n)
    for row, length in enumerate(lengths):
        ids[row, length:] = 0
    return ids.astype(np.int32), labels.astype(np.float32)


def encoder(token_ids):
    table = tf.get_variable("embeddings", [FLAGS.vocab_size, FLAGS.embed_dim],
                            initializer=tf.random_uniform_initializer(-0.1, 0.1))
    embedded = tf.nn.embedding_lookup(table, token_ids)
    mask = tf.cast(tf.not_equal(token_ids, 0), tf.float32)
    embedded = embedded * tf.expand_dims(mask, -1)
    w_pos = tf.get_variable("position_weights", [FLAGS.max_len, 1],
                            initializer=tf.constant_initializer(1.0 / FLAGS.max_len))
    pooled = tf.squeeze(tf.matmul(embedded, w_pos), axis=2)  # expect: ST101
    return pooled


def head(pooled):
    w = tf.get_variable("out/w", [FLAGS.embed_dim, 1])
    b = tf.get_variable("out/b", [1], initializer=tf.zeros_initializer())
    return tf.squeeze(tf.matmul(pooled, w) + b, axis=1)


def main(_):
    token_ids = tf.placeholder(tf.int32, [None, FLAGS.max_len])
    labels = tf.placeholder(tf.float32, [None])
    logits = head(encoder(token_ids))
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.AdagradOptimizer(0.5).minimize(loss)
    predicted = tf.cast(logits > 0.0, tf.float32)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(predicted, labels), tf.float32))

    train_ids, train_labels = fake_reviews(2 * FLAGS.batch_size, seed=0)
    dev_ids, dev_labels = fake_reviews(FLAGS.batch_size, seed=1)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            lo, hi = step * FLAGS.batch_size, (step + 1) * FLAGS.batch_size
            _, value = sess.run([train_op, loss], {token_ids: train_ids[lo:hi], labels: train_labels[lo:hi]})
            print("step %d loss %.4f" % (step, value))
        print("dev accuracy %.3f" % sess.run(accuracy, {token_ids: dev_ids, labels: dev_labels}))


if __name__ == "__main__":
    tf.app.run(main)
