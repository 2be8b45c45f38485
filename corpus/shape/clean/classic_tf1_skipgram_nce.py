# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# word2vec skip-gram with noise-contrastive estimation: (center, context) pairs are generated
# from a toy corpus, the embedding matrix is looked up with embedding_lookup, tf.nn.nce_loss
# takes labels of shape [batch, 1], and cosine similarity over normalised embeddings finds
# nearest words for a few validation ids.
import collections

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CORPUS = ("king queen man woman prince princess royal palace throne crown "
          "apple banana orange fruit juice sweet apple orange banana fruit "
          "king man prince royal queen woman princess palace").split()
EMBEDDING_SIZE = 12
NUM_SAMPLED = 4
WINDOW = 2
BATCH = 16

counts = collections.Counter(CORPUS).most_common()
dictionary = {word: i for i, (word, _) in enumerate(counts)}
reverse_dictionary = {i: w for w, i in dictionary.items()}
vocabulary_size = len(dictionary)
ids = [dictionary[w] for w in CORPUS]


def skipgram_pairs(token_ids, window):
    centers, contexts = [], []
    for pos, center in enumerate(token_ids):
        for off in range(-window, window + 1):
            if off != 0 and 0 <= pos + off < len(token_ids):
                centers.append(center)
                contexts.append(token_ids[pos + off])
    return np.array(centers, np.int32), np.array(contexts, np.int64).reshape(-1, 1)


centers, contexts = skipgram_pairs(ids, WINDOW)
train_inputs = tf.placeholder(tf.int32, shape=[None])
train_labels = tf.placeholder(tf.int64, shape=[None, 1])
valid_ids = tf.constant([dictionary["king"], dictionary["apple"]], dtype=tf.int32)

embeddings = tf.Variable(tf.random_uniform([vocabulary_size, EMBEDDING_SIZE], -1.0, 1.0))
embed = tf.nn.embedding_lookup(embeddings, train_inputs)
nce_weights = tf.Variable(tf.truncated_normal([vocabulary_size, EMBEDDING_SIZE], stddev=0.3))
nce_biases = tf.Variable(tf.zeros([vocabulary_size]))
loss = tf.reduce_mean(tf.nn.nce_loss(weights=nce_weights, biases=nce_biases, labels=train_labels,
                                     inputs=embed, num_sampled=NUM_SAMPLED,
                                     num_classes=vocabulary_size))
optimizer = tf.train.GradientDescentOptimizer(1.0).minimize(loss)

norm = tf.sqrt(tf.reduce_sum(tf.square(embeddings), 1, keepdims=True))
normalized = embeddings / norm
valid_embeddings = tf.nn.embedding_lookup(normalized, valid_ids)
similarity = tf.matmul(valid_embeddings, normalized, transpose_b=True)

rng = np.random.RandomState(2)
with tf.Session() as session:
    tf.global_variables_initializer().run()
    for step in range(2):
        pick = rng.randint(0, len(centers), BATCH)
        _, value = session.run([optimizer, loss], {train_inputs: centers[pick], train_labels: contexts[pick]})
        print("step", step, "nce loss", value)
    sim = similarity.eval()
    for row, word in enumerate(["king", "apple"]):
        nearest = (-sim[row, :]).argsort()[1:4]
        print(word, "->", [reverse_dictionary[k] for k in nearest])
