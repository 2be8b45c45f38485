# pattern: 16
# style: tf1
# Greedy decoding appends one token per step to the sequence carried by tf.while_loop.
# The shape invariant was written time-major, [time, batch], while the sequence is
# batch-major [batch, time]: it does not admit the shape the variable enters with.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

BATCH, VOCAB, MAX_LEN = 2, 7, 5
logits_table = tf.constant(np.random.rand(VOCAB, VOCAB).astype(np.float32))
start = tf.zeros([BATCH, 1], tf.int32)


def keep_going(i, tokens):
    return i < MAX_LEN


def step(i, tokens):
    scores = tf.gather(logits_table, tokens[:, -1])
    next_token = tf.argmax(scores, axis=1, output_type=tf.int32)
    return i + 1, tf.concat([tokens, next_token[:, None]], axis=1)


_, decoded = tf.while_loop(keep_going, step, [tf.constant(0), start],  # expect: ST111
                           shape_invariants=[tf.TensorShape([]), tf.TensorShape([None, BATCH])])

with tf.Session() as sess:
    print(sess.run(decoded))
