# pattern: 17
# style: tf1
# tf: 1.15
# source: https://github.com/ufal/neuralmonkey/issues/513
# class: B4
# A sampling decoder keeps the last emitted token ids, shape (?,), as a loop variable and
# replaces them each step with tf.multinomial's draw, which is (?, 1): "enters the loop with
# shape (?,), but has shape (?, 1) after one iteration".
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

vocabulary, width = 20, 8
start_ids = tf.placeholder(tf.int32, [None])
embeddings = tf.get_variable("embeddings", [vocabulary, width])
projection = tf.get_variable("projection", [width, vocabulary])


def step(time, last_ids):
    logits = tf.matmul(tf.nn.embedding_lookup(embeddings, last_ids), projection)
    next_ids = tf.reshape(tf.cast(tf.multinomial(logits, 1), tf.int32), [-1])
    return time + 1, next_ids


_, final_ids = tf.while_loop(lambda time, _: time < 4, step, [tf.constant(0), start_ids])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(final_ids, {start_ids: np.zeros(3, dtype=np.int32)}))
