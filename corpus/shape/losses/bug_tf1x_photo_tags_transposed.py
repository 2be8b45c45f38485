# pattern: 13
# style: tf1
# tf: 1.15, 2.15, 2.21
# A multi-label photo tagger trained full-batch on precomputed image descriptors.  The tag
# matrix is assembled one tag at a time with np.stack(rows), which yields [tags, photos]
# (5 x 40) instead of [photos, tags], and the sigmoid loss rejects it against [40, 5] logits.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

TAGS = ["beach", "night", "people", "food", "animal"]
SETTINGS = dict(n_photos=40, descriptor_dim=18, hidden=12, steps=2, lr=0.1, threshold=0.5)


def descriptors(n, dim, seed=21):
    rng = np.random.RandomState(seed)
    return rng.randn(n, dim).astype(np.float32)


def tag_matrix(feats):
    rows = []
    for t, _ in enumerate(TAGS):
        rows.append((feats[:, t] + feats[:, t + len(TAGS)] > 0.0).astype(np.float32))
    return np.stack(rows)


def tagger(x, dim, hidden):
    with tf.variable_scope("tagger"):
        w1 = tf.get_variable("w1", [dim, hidden])
        b1 = tf.get_variable("b1", [hidden], initializer=tf.zeros_initializer())
        w2 = tf.get_variable("w2", [hidden, len(TAGS)])
        b2 = tf.get_variable("b2", [len(TAGS)], initializer=tf.zeros_initializer())
    h = tf.nn.elu(tf.nn.xw_plus_b(x, w1, b1))
    return tf.nn.xw_plus_b(h, w2, b2)


def per_tag_f1(pred, truth):
    tp = tf.reduce_sum(pred * truth, axis=0)
    fp = tf.reduce_sum(pred * (1.0 - truth), axis=0)
    fn = tf.reduce_sum((1.0 - pred) * truth, axis=0)
    return 2.0 * tp / tf.maximum(2.0 * tp + fp + fn, 1.0)


def main():
    cfg = SETTINGS
    feats_np = descriptors(cfg["n_photos"], cfg["descriptor_dim"])
    tags_np = tag_matrix(feats_np)
    feats = tf.constant(feats_np, name="descriptors")
    tags = tf.constant(tags_np, name="tags")
    logits = tagger(feats, cfg["descriptor_dim"], cfg["hidden"])
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tags, logits=logits))  # expect: ST109
    train_op = tf.train.GradientDescentOptimizer(cfg["lr"]).minimize(loss)
    predicted = tf.cast(tf.sigmoid(logits) > cfg["threshold"], tf.float32)
    f1 = per_tag_f1(predicted, tags)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(cfg["steps"]):
            _, value = sess.run([train_op, loss])
            print("step %d loss %.4f" % (step, value))
        for name, score in zip(TAGS, sess.run(f1)):
            print("%-8s f1 %.3f" % (name, score))


if __name__ == "__main__":
    main()
