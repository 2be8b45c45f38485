# pattern: 26
# style: tf1-plain
# tf: 2.15, 2.21
# A text classifier's batching code turns a list of tokenised sentences of different
# lengths straight into an int32 array; numpy refuses the ragged list.
import collections

import numpy as np
import tensorflow as tf

SENTENCES = [
    ("a wonderful little film", 1),
    ("boring", 0),
    ("the plot was thin and the acting worse", 0),
    ("great cast great music", 1),
    ("i would not watch it again", 0),
    ("moving and funny", 1),
]
MAX_LEN = 8
EMBED = 10


def build_vocab(sentences, min_count=1):
    counts = collections.Counter(w for s, _ in sentences for w in s.split())
    words = [w for w, c in counts.most_common() if c >= min_count]
    return {w: i + 2 for i, w in enumerate(words)}  # 0 = padding, 1 = unknown


def encode(sentence, vocab):
    return [vocab.get(word, 1) for word in sentence.split()][:MAX_LEN]


def pad(ids, length):
    return ids + [0] * (length - len(ids))


def make_batch(pairs, vocab):
    sequences = [encode(sentence, vocab) for sentence, _ in pairs]
    token_ids = np.array(sequences, dtype=np.int32)  # expect: ST126
    labels = np.array([label for _, label in pairs], dtype=np.float32)
    return token_ids, labels


def classifier(token_ids, vocab_size):
    table = tf.get_variable("embeddings", [vocab_size, EMBED])
    embedded = tf.nn.embedding_lookup(table, token_ids)
    mask = tf.cast(tf.not_equal(token_ids, 0), tf.float32)
    summed = tf.reduce_sum(embedded * tf.expand_dims(mask, -1), axis=1)
    mean = summed / tf.maximum(tf.reduce_sum(mask, axis=1, keepdims=True), 1.0)
    w = tf.get_variable("w", [EMBED, 1])
    return tf.squeeze(tf.matmul(mean, w), axis=1)


def main():
    vocab = build_vocab(SENTENCES)
    token_ids = tf.placeholder(tf.int32, [None, MAX_LEN])
    labels = tf.placeholder(tf.float32, [None])
    logits = classifier(token_ids, len(vocab) + 2)
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
    train_op = tf.train.AdamOptimizer(0.05).minimize(loss)

    batch_ids, batch_labels = make_batch(SENTENCES, vocab)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for epoch in range(2):
            _, value = sess.run([train_op, loss], {token_ids: batch_ids, labels: batch_labels})
            print("epoch", epoch, "loss", value)


if __name__ == "__main__":
    main()
