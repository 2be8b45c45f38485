# pattern: 18
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: runs
# A character-level RNN written out by hand (unrolled over the time steps).  The first
# hidden state is tf.zeros sized with the configured BATCH_SIZE, while the character
# placeholder has a dynamic batch: training on full 8-row batches works, but sampling with
# a single seed row, or a short last batch, would fail.  This run feeds full batches only.
import numpy as np
import tensorflow as tf

TEXT = ("the quick brown fox jumps over the lazy dog while the cat "
        "watches from the warm window and the bird sings ") * 4
BATCH_SIZE = 8
NUM_STEPS = 10
HIDDEN = 24
LEARNING_RATE = 0.05


def build_charset(text):
    chars = sorted(set(text))
    return {c: i for i, c in enumerate(chars)}, chars


def make_batches(ids, batch_size, num_steps):
    usable = (len(ids) - 1) // (batch_size * num_steps) * batch_size * num_steps
    xs = ids[:usable].reshape(batch_size, -1)
    ys = ids[1:usable + 1].reshape(batch_size, -1)
    for start in range(0, xs.shape[1], num_steps):
        yield xs[:, start:start + num_steps], ys[:, start:start + num_steps]


def rnn_logits(char_ids, vocab_size):
    one_hot = tf.one_hot(char_ids, vocab_size)
    w_in = tf.get_variable("w_in", [vocab_size, HIDDEN])
    w_rec = tf.get_variable("w_rec", [HIDDEN, HIDDEN],
                            initializer=tf.orthogonal_initializer())
    b = tf.get_variable("b", [HIDDEN], initializer=tf.zeros_initializer())
    w_out = tf.get_variable("w_out", [HIDDEN, vocab_size])
    b_out = tf.get_variable("b_out", [vocab_size], initializer=tf.zeros_initializer())

    state = tf.zeros([BATCH_SIZE, HIDDEN])
    logits = []
    for t in range(NUM_STEPS):
        pre = tf.matmul(one_hot[:, t, :], w_in) + tf.matmul(state, w_rec) + b  # expect: ST201
        state = tf.tanh(pre)
        logits.append(tf.matmul(state, w_out) + b_out)
    return tf.stack(logits, axis=1)


def main():
    char_to_id, chars = build_charset(TEXT)
    ids = np.array([char_to_id[c] for c in TEXT], dtype=np.int32)

    inputs = tf.placeholder(tf.int32, [None, NUM_STEPS], name="chars")
    targets = tf.placeholder(tf.int32, [None, NUM_STEPS], name="next_chars")
    logits = rnn_logits(inputs, len(chars))
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=logits))
    optimizer = tf.train.AdagradOptimizer(LEARNING_RATE)
    grads, variables = zip(*optimizer.compute_gradients(loss))
    clipped, _ = tf.clip_by_global_norm(grads, 5.0)
    train_op = optimizer.apply_gradients(zip(clipped, variables))

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step, (x, y) in enumerate(make_batches(ids, BATCH_SIZE, NUM_STEPS)):
            if step == 2:
                break
            _, value = sess.run([train_op, loss], {inputs: x, targets: y})
            print("step %d  bits/char %.3f" % (step, value / np.log(2)))


if __name__ == "__main__":
    main()
