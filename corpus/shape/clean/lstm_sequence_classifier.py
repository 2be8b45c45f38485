# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# oracle: legacy-keras
# An LSTM over variable-length sequences with dynamic_rnn and sequence_length; the last
# valid output of each sequence is gathered for classification.
import numpy as np
import tensorflow as tf

MAX_STEPS, FEATURES, HIDDEN, CLASSES = 9, 3, 12, 2


def make_batch(n, rng):
    lengths = rng.randint(3, MAX_STEPS + 1, size=n)
    data = np.zeros((n, MAX_STEPS, FEATURES), np.float32)
    for i, length in enumerate(lengths):
        data[i, :length] = rng.randn(length, FEATURES)
    labels = (data[:, :, 0].sum(axis=1) > 0).astype(np.int64)
    return data, lengths.astype(np.int32), labels


def last_relevant(outputs, lengths):
    batch = tf.shape(outputs)[0]
    index = tf.stack([tf.range(batch), lengths - 1], axis=1)
    return tf.gather_nd(outputs, index)


inputs = tf.placeholder(tf.float32, [None, MAX_STEPS, FEATURES])
lengths = tf.placeholder(tf.int32, [None])
labels = tf.placeholder(tf.int64, [None])
cell = tf.nn.rnn_cell.LSTMCell(HIDDEN)
outputs, state = tf.nn.dynamic_rnn(cell, inputs, sequence_length=lengths, dtype=tf.float32)
last = last_relevant(outputs, lengths)
w = tf.get_variable("w", [HIDDEN, CLASSES])
b = tf.get_variable("b", [CLASSES], initializer=tf.zeros_initializer())
logits = tf.matmul(last, w) + b
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

rng = np.random.RandomState(0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        data, seq_len, targets = make_batch(8, rng)
        _, value = sess.run([train_op, loss], {inputs: data, lengths: seq_len, labels: targets})
        print("step", step, "loss", value)
