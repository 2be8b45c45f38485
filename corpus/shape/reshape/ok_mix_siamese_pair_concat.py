# pattern: 31
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: runs
# A siamese duplicate-question detector: both questions go through one shared encoder and
# the two encodings are joined into a pair vector.  The join concatenates along axis 0 and
# reshapes to [-1, 2 * ENCODING], so each "pair" row holds two consecutive left-hand
# questions (rows 2i and 2i+1) rather than question i with its partner.  Nothing raises.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("vocab_size", 50, "distinct word ids")
flags.DEFINE_integer("max_words", 9, "words per question")
flags.DEFINE_integer("embed_size", 12, "word embedding width")
flags.DEFINE_integer("encoding", 16, "question encoding width")
flags.DEFINE_integer("pairs", 12, "question pairs in the toy set")
flags.DEFINE_float("learning_rate", 0.02, "Adam step size")
FLAGS = flags.FLAGS


def toy_pairs(seed=5):
    rng = np.random.RandomState(seed)
    left = rng.randint(1, FLAGS.vocab_size, size=(FLAGS.pairs, FLAGS.max_words))
    right = rng.randint(1, FLAGS.vocab_size, size=(FLAGS.pairs, FLAGS.max_words))
    duplicate = rng.rand(FLAGS.pairs) < 0.5
    right[duplicate] = np.roll(left[duplicate], 1, axis=1)  # same words, shuffled order
    return left.astype(np.int32), right.astype(np.int32), duplicate.astype(np.float32)


def encode(word_ids, reuse):
    with tf.variable_scope("encoder", reuse=reuse):
        table = tf.get_variable("embedding", [FLAGS.vocab_size, FLAGS.embed_size])
        bag = tf.reduce_mean(tf.nn.embedding_lookup(table, word_ids), axis=1)
        w = tf.get_variable("w", [FLAGS.embed_size, FLAGS.encoding])
        b = tf.get_variable("b", [FLAGS.encoding], initializer=tf.zeros_initializer())
        return tf.nn.tanh(tf.matmul(bag, w) + b)


def pair_features(left_code, right_code):
    joined = tf.concat([left_code, right_code], axis=1)
    return tf.reshape(joined, [-1, 2 * FLAGS.encoding])


def main(_):
    left = tf.placeholder(tf.int32, [None, FLAGS.max_words], name="left_question")
    right = tf.placeholder(tf.int32, [None, FLAGS.max_words], name="right_question")
    is_dup = tf.placeholder(tf.float32, [None], name="is_duplicate")

    pairs = pair_features(encode(left, reuse=False), encode(right, reuse=True))
    w_out = tf.get_variable("w_out", [2 * FLAGS.encoding, 1])
    logits = tf.squeeze(tf.matmul(pairs, w_out), axis=1)
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=is_dup, logits=logits))
    train_op = tf.train.AdamOptimizer(FLAGS.learning_rate).minimize(loss)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.cast(logits > 0, tf.float32), is_dup), tf.float32))

    lq, rq, dup = toy_pairs()
    half = FLAGS.pairs // 2
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            sl = slice(step * half, (step + 1) * half)
            _, value = sess.run([train_op, loss], {left: lq[sl], right: rq[sl], is_dup: dup[sl]})
            print("step %d  loss %.4f" % (step, value))
        print("accuracy %.2f" % sess.run(accuracy, {left: lq, right: rq, is_dup: dup}))


if __name__ == "__main__":
    tf.app.run()
