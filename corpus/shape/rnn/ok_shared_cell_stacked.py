# pattern: 33
# style: tf1-plain
# tf: 2.15, 2.21
# oracle: legacy-keras
# A stacked LSTM language model built with MultiRNNCell([cell] * num_layers): the one cell
# object is reused for both layers, so its kernel (sized for the 16-wide embeddings) is
# applied to the first layer's 32-wide output.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("vocab_size", 40, "distinct tokens")
flags.DEFINE_integer("embed_size", 16, "embedding width")
flags.DEFINE_integer("hidden_size", 32, "LSTM units per layer")
flags.DEFINE_integer("num_layers", 2, "stacked LSTM layers")
flags.DEFINE_integer("num_steps", 12, "unrolled time steps")
flags.DEFINE_integer("batch_size", 4, "sequences per batch")
FLAGS = flags.FLAGS


def synthetic_corpus(length, vocab_size, seed=0):
    """A token stream with a little structure: each token often repeats the one two back."""
    rng = np.random.RandomState(seed)
    tokens = rng.randint(0, vocab_size, size=length)
    for i in range(2, length):
        if rng.rand() < 0.5:
            tokens[i] = tokens[i - 2]
    return tokens.astype(np.int32)


def batch_iterator(tokens, batch_size, num_steps):
    span = batch_size * num_steps
    for start in range(0, len(tokens) - span - 1, span):
        chunk = tokens[start:start + span + 1]
        inputs = chunk[:-1].reshape(batch_size, num_steps)
        targets = chunk[1:].reshape(batch_size, num_steps)
        yield inputs, targets


def language_model(inputs):
    embedding = tf.get_variable("embedding", [FLAGS.vocab_size, FLAGS.embed_size])
    embedded = tf.nn.embedding_lookup(embedding, inputs)
    cells = [tf.nn.rnn_cell.LSTMCell(FLAGS.hidden_size) for _ in range(FLAGS.num_layers)]
    stacked = tf.nn.rnn_cell.MultiRNNCell(cells)
    outputs, _ = tf.nn.dynamic_rnn(stacked, embedded, dtype=tf.float32)
    softmax_w = tf.get_variable("softmax_w", [FLAGS.hidden_size, FLAGS.vocab_size])
    softmax_b = tf.get_variable("softmax_b", [FLAGS.vocab_size])
    return tf.tensordot(outputs, softmax_w, axes=1) + softmax_b


def main(_):
    inputs = tf.placeholder(tf.int32, [None, FLAGS.num_steps])
    targets = tf.placeholder(tf.int32, [None, FLAGS.num_steps])
    logits = language_model(inputs)
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=logits))
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

    tokens = synthetic_corpus(2 * FLAGS.batch_size * FLAGS.num_steps + 1, FLAGS.vocab_size)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step, (x, y) in enumerate(batch_iterator(tokens, FLAGS.batch_size, FLAGS.num_steps)):
            _, value = sess.run([train_op, loss], {inputs: x, targets: y})
            print("step %d perplexity %.2f" % (step, np.exp(value)))


if __name__ == "__main__":
    tf.app.run()
