# pattern: 15
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A window-based part-of-speech tagger: logits are [batch, steps, tags] and the gold tags are
# integer ids [batch, steps].  The token-accuracy code was copied from a one-hot version and
# still takes argmax of the labels over axis 2, an axis the label tensor does not have.
import numpy as np
import tensorflow as tf

CFG = {
    "vocab": 120,
    "tags": 6,
    "steps": 15,
    "embed": 10,
    "window": 3,
    "filters": 24,
    "batch": 8,
}


def toy_treebank(n, seed=9):
    rng = np.random.RandomState(seed)
    words = rng.randint(1, CFG["vocab"], size=(n, CFG["steps"]))
    tags = words % CFG["tags"]
    lengths = rng.randint(5, CFG["steps"] + 1, size=n)
    weights = (np.arange(CFG["steps"])[None, :] < lengths[:, None]).astype(np.float32)
    return words.astype(np.int32), tags.astype(np.int64), weights


def window_encoder(word_ids):
    emb = tf.get_variable("emb", [CFG["vocab"], CFG["embed"]])
    x = tf.nn.embedding_lookup(emb, word_ids)
    kernel = tf.get_variable("window_kernel", [CFG["window"], CFG["embed"], CFG["filters"]])
    return tf.nn.relu(tf.nn.conv1d(x, kernel, stride=1, padding="SAME"))


def tag_scores(features):
    w = tf.get_variable("proj", [CFG["filters"], CFG["tags"]])
    return tf.tensordot(features, w, axes=1)


def masked_accuracy(logits, gold, weights):
    predicted = tf.argmax(logits, axis=2)
    gold_ids = gold
    hits = tf.cast(tf.equal(predicted, gold_ids), tf.float32) * weights
    return tf.reduce_sum(hits) / tf.reduce_sum(weights)


words = tf.placeholder(tf.int32, [None, CFG["steps"]])
gold = tf.placeholder(tf.int64, [None, CFG["steps"]])
weights = tf.placeholder(tf.float32, [None, CFG["steps"]])
logits = tag_scores(window_encoder(words))
xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=gold, logits=logits)
loss = tf.reduce_sum(xent * weights) / tf.reduce_sum(weights)
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)
accuracy = masked_accuracy(logits, gold, weights)

w_np, t_np, m_np = toy_treebank(3 * CFG["batch"])
b = CFG["batch"]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        feed = {words: w_np[step * b:(step + 1) * b], gold: t_np[step * b:(step + 1) * b],
                weights: m_np[step * b:(step + 1) * b]}
        print("step", step, "loss", sess.run([train_op, loss], feed)[1])
    dev = {words: w_np[-b:], gold: t_np[-b:], weights: m_np[-b:]}
    print("token accuracy", sess.run(accuracy, dev))
