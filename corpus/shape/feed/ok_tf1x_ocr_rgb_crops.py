# pattern: 10
# style: tf1
# tf: 1.15, 2.15, 2.21
# A character recogniser built for single-channel 24x24 glyphs.  The crop loader cuts glyphs
# out of colour page scans and keeps all three channels (the grayscale conversion was left
# out), so the first training feed does not fit the [None, 24, 24, 1] placeholder.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

GLYPH = 24
ALPHABET = "ABCDEFGHIJ"
BATCH = 16


def render_page(rng, n_glyphs):
    page = rng.uniform(0.8, 1.0, size=(GLYPH, GLYPH * n_glyphs, 3)).astype(np.float32)
    labels = rng.randint(0, len(ALPHABET), size=n_glyphs)
    for i, label in enumerate(labels):
        col = i * GLYPH + 4 + label
        page[4:20, col:col + 3, :] = 0.1  # a dark stroke whose position encodes the glyph
    return page, labels


def to_gray(crops):
    weights = np.array([0.299, 0.587, 0.114], np.float32)
    return np.tensordot(crops, weights, axes=([3], [0]))[..., None]


def load_crops(n_pages, per_page, seed=0):
    rng = np.random.RandomState(seed)
    crops, labels = [], []
    for _ in range(n_pages):
        page, page_labels = render_page(rng, per_page)
        for i, label in enumerate(page_labels):
            crops.append(page[:, i * GLYPH:(i + 1) * GLYPH, :])
            labels.append(label)
    crops = to_gray(np.stack(crops))
    return crops, np.array(labels, np.int64)


def recogniser(glyphs):
    k1 = tf.get_variable("k1", [5, 5, 1, 8])
    k2 = tf.get_variable("k2", [3, 3, 8, 16])
    net = tf.nn.relu(tf.nn.conv2d(glyphs, k1, [1, 1, 1, 1], "SAME"))
    net = tf.nn.max_pool(net, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
    net = tf.nn.relu(tf.nn.conv2d(net, k2, [1, 1, 1, 1], "SAME"))
    net = tf.nn.max_pool(net, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
    flat = tf.reshape(net, [-1, 6 * 6 * 16])
    w = tf.get_variable("w", [6 * 6 * 16, len(ALPHABET)])
    return tf.matmul(flat, w)


glyphs = tf.placeholder(tf.float32, [None, GLYPH, GLYPH, 1], name="glyphs")
targets = tf.placeholder(tf.int64, [None], name="targets")
logits = recogniser(glyphs)
loss = tf.losses.sparse_softmax_cross_entropy(targets, logits)
train_op = tf.train.MomentumOptimizer(0.05, 0.9).minimize(loss)
predictions = tf.argmax(logits, axis=1)

crops, labels = load_crops(n_pages=4, per_page=8)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        idx = np.arange(step * BATCH, (step + 1) * BATCH)
        _, value = sess.run([train_op, loss], {glyphs: crops[idx], targets: labels[idx]})
        print("step", step, "loss", value)
    guessed = sess.run(predictions, {glyphs: crops[:BATCH]})
    print("decoded:", "".join(ALPHABET[i] for i in guessed))
