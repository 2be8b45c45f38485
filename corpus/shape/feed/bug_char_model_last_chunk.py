# pattern: 19
# style: tf1
# tf: 1.15, 2.15, 2.21
# A character model trained on fixed [BATCH, STEPS] windows; the text does not divide into
# whole batches, and the last, shorter batch is fed as it is.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

TEXT = "the quick brown fox jumps over the lazy dog " * 3
BATCH, STEPS = 4, 10
vocab = sorted(set(TEXT))
ids = np.array([vocab.index(c) for c in TEXT], np.int32)
windows = np.stack([ids[i:i + STEPS + 1] for i in range(0, len(ids) - STEPS - 1, STEPS)])

inputs = tf.placeholder(tf.int32, [BATCH, STEPS])
targets = tf.placeholder(tf.int32, [BATCH, STEPS])
embedding = tf.get_variable("embedding", [len(vocab), 16])
embedded = tf.nn.embedding_lookup(embedding, inputs)
projection = tf.get_variable("projection", [16, len(vocab)])
logits = tf.tensordot(embedded, projection, axes=1)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=logits))
train = tf.train.AdamOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for start in range(0, len(windows), BATCH):
        chunk = windows[start:start + BATCH]
        sess.run(train, {inputs: chunk[:, :-1], targets: chunk[:, 1:]})  # expect: ST105
    print("final loss", sess.run(loss, {inputs: windows[:BATCH, :-1], targets: windows[:BATCH, 1:]}))
