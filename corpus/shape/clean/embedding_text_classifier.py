# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A bag-of-embeddings text classifier: embedding_lookup, masked mean pooling, a dense layer.
import numpy as np
import tensorflow as tf

DOCS = [("good fun film", 1), ("dull and slow", 0), ("a great cast", 1), ("slow plot", 0)]
MAX_LEN, EMBED = 5, 8


def vocabulary(docs):
    words = sorted({w for text, _ in docs for w in text.split()})
    return {w: i + 1 for i, w in enumerate(words)}


def encode(docs, vocab):
    ids = np.zeros((len(docs), MAX_LEN), np.int32)
    for row, (text, _) in enumerate(docs):
        tokens = [vocab[w] for w in text.split()][:MAX_LEN]
        ids[row, :len(tokens)] = tokens
    return ids, np.array([label for _, label in docs], np.float32)


vocab = vocabulary(DOCS)
token_ids, targets = encode(DOCS, vocab)

ids = tf.placeholder(tf.int32, [None, MAX_LEN])
labels = tf.placeholder(tf.float32, [None])
table = tf.get_variable("embeddings", [len(vocab) + 1, EMBED])
embedded = tf.nn.embedding_lookup(table, ids)
mask = tf.expand_dims(tf.cast(ids > 0, tf.float32), -1)
mean = tf.reduce_sum(embedded * mask, axis=1) / tf.reduce_sum(mask, axis=1)
w = tf.get_variable("w", [EMBED, 1])
logits = tf.squeeze(tf.matmul(mean, w), axis=1)
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
train = tf.train.AdamOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(2):
        _, value = sess.run([train, loss], {ids: token_ids, labels: targets})
        print("epoch", epoch, "loss", value)
