# pattern: 13
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A part-of-speech tagger: the tag batches are built time-major ([time, batch]) by the
# padding helper, while the per-token logits are batch-major [batch, time, tags].
import numpy as np
import tensorflow as tf

SENTENCES = [
    "the cat sat on the mat",
    "a dog barked",
    "birds sing in the morning light",
    "she reads books",
]
TAGS = {"the": 0, "a": 0, "cat": 1, "mat": 1, "dog": 1, "birds": 1, "morning": 1, "light": 1,
        "books": 1, "sat": 2, "barked": 2, "sing": 2, "reads": 2, "on": 3, "in": 3, "she": 4}
MAX_LEN = 6
EMBED = 12
NUM_TAGS = 5


def build_vocab(sentences):
    words = sorted({w for s in sentences for w in s.split()})
    return {w: i + 1 for i, w in enumerate(words)}  # 0 is padding


def pad_batch(sentences, vocab):
    """Return token ids [batch, time], tags time-major [time, batch], and a mask."""
    ids = np.zeros((len(sentences), MAX_LEN), np.int32)
    tags = np.zeros((MAX_LEN, len(sentences)), np.int32)
    mask = np.zeros((len(sentences), MAX_LEN), np.float32)
    for b, sentence in enumerate(sentences):
        for t, word in enumerate(sentence.split()[:MAX_LEN]):
            ids[b, t] = vocab[word]
            tags[t, b] = TAGS[word]
            mask[b, t] = 1.0
    return ids, tags, mask


def tagger(ids, vocab_size):
    table = tf.get_variable("embeddings", [vocab_size, EMBED])
    embedded = tf.nn.embedding_lookup(table, ids)
    w = tf.get_variable("w", [EMBED, NUM_TAGS])
    return tf.tensordot(embedded, w, axes=1)


vocab = build_vocab(SENTENCES)
token_ids, tag_ids, token_mask = pad_batch(SENTENCES, vocab)
tag_ids = tag_ids.T

ids = tf.placeholder(tf.int32, [len(SENTENCES), MAX_LEN])
tags = tf.placeholder(tf.int32, list(tag_ids.shape))
mask = tf.placeholder(tf.float32, [len(SENTENCES), MAX_LEN])
logits = tagger(ids, len(vocab) + 1)
xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tags, logits=logits)
loss = tf.reduce_sum(xent * mask) / tf.reduce_sum(mask)
train = tf.train.AdamOptimizer(0.05).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(2):
        _, value = sess.run([train, loss], {ids: token_ids, tags: tag_ids, mask: token_mask})
        print("epoch", epoch, "loss", value)
