# pattern: 4
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Additive attention over encoder states; the scoring vector v is rank 1, so the last
# matmul gets a vector where a [units, 1] matrix is needed.
import numpy as np
import tensorflow as tf

BATCH = 4
TIME = 7
HIDDEN = 12
UNITS = 10


def attention(states, query, units):
    """Bahdanau-style scores: v^T tanh(W1 h_t + W2 q)."""
    hidden = states.get_shape().as_list()[-1]
    w1 = tf.get_variable("w1", [hidden, units])
    w2 = tf.get_variable("w2", [hidden, units])
    v = tf.get_variable("v", [units])
    flat_states = tf.reshape(states, [-1, hidden])
    projected = tf.reshape(tf.matmul(flat_states, w1), [-1, TIME, units])
    projected_query = tf.expand_dims(tf.matmul(query, w2), 1)
    energy = tf.tanh(projected + projected_query)
    scores = tf.matmul(tf.reshape(energy, [-1, units]), v)  # expect: ST102
    scores = tf.reshape(scores, [-1, TIME])
    weights = tf.nn.softmax(scores)
    context = tf.reduce_sum(states * tf.expand_dims(weights, -1), axis=1)
    return context, weights


encoder_states = tf.placeholder(tf.float32, [None, TIME, HIDDEN])
decoder_query = tf.placeholder(tf.float32, [None, HIDDEN])
context, weights = attention(encoder_states, decoder_query, UNITS)

rng = np.random.RandomState(0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    ctx, att = sess.run([context, weights], {
        encoder_states: rng.randn(BATCH, TIME, HIDDEN),
        decoder_query: rng.randn(BATCH, HIDDEN),
    })
    print(ctx.shape, att.sum(axis=1))
