# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# Dot-product attention with batched matmul on rank-3 tensors (transpose_b), masking, and a
# projection of every time step with tensordot.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

T_Q, T_K, D, H = 3, 5, 8, 4
queries = tf.placeholder(tf.float32, [None, T_Q, D])
keys = tf.placeholder(tf.float32, [None, T_K, D])
key_mask = tf.placeholder(tf.float32, [None, T_K])

scores = tf.matmul(queries, keys, transpose_b=True) / np.sqrt(D)
scores += (1.0 - tf.expand_dims(key_mask, 1)) * -1e9
weights = tf.nn.softmax(scores, axis=-1)
context = tf.matmul(weights, keys)
projection = tf.get_variable("projection", [D, H])
projected = tf.tensordot(context, projection, axes=[[2], [0]])

rng = np.random.RandomState(0)
mask = np.ones((2, T_K), np.float32)
mask[1, 3:] = 0.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    out, w = sess.run([projected, weights], {queries: rng.randn(2, T_Q, D), keys: rng.randn(2, T_K, D), key_mask: mask})
    print(out.shape, w[1, 0, 3:].sum())
