# pattern: 13
# style: tf2
# tf: 2.15, 2.21
# A multi-label article tagger.  The target matrix is built tag by tag with np.stack, whose
# default axis=0 gives (tags, articles) instead of (articles, tags); the sigmoid
# cross-entropy then sees logits [16, 5] against labels [5, 16].
import numpy as np
import tensorflow as tf

TAGS = ("sports", "politics", "science", "finance", "travel")
N_ARTICLES = 16
N_TERMS = 30


def keyword_counts(rng):
    counts = rng.poisson(0.7, size=(N_ARTICLES, N_TERMS)).astype("float32")
    return np.log1p(counts)


def tag_targets(counts):
    """An article carries a tag when that tag's six keyword columns are active enough."""
    columns = []
    for i, _tag in enumerate(TAGS):
        block = counts[:, 6 * i:6 * (i + 1)]
        columns.append((block.sum(axis=1) > 2.0).astype("float32"))
    return np.stack(columns, axis=1)


def build_tagger():
    inputs = tf.keras.Input(shape=(N_TERMS,))
    h = tf.keras.layers.Dense(32, activation="relu")(inputs)
    logits = tf.keras.layers.Dense(len(TAGS))(h)
    return tf.keras.Model(inputs, logits)


rng = np.random.RandomState(99)
counts = keyword_counts(rng)
targets = tag_targets(counts)
tagger = build_tagger()
optimizer = tf.keras.optimizers.Adam(0.005)

with tf.GradientTape() as tape:
    logits = tagger(counts, training=True)
    losses = tf.nn.sigmoid_cross_entropy_with_logits(labels=targets, logits=logits)
    loss = tf.reduce_mean(tf.reduce_sum(losses, axis=1))
grads = tape.gradient(loss, tagger.trainable_variables)
optimizer.apply_gradients(zip(grads, tagger.trainable_variables))

predicted = tf.cast(tf.sigmoid(tagger(counts)) > 0.5, tf.float32)
print("loss", float(loss), "tags per article", tf.reduce_mean(tf.reduce_sum(predicted, 1)).numpy())
