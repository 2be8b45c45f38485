# pattern: clean
# style: tf1
# tf: 1.15, 2.15, 2.21
# Power iteration with tf.while_loop; the loop variables keep their shapes, and a second
# loop grows a sequence with an explicit shape invariant.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

N = 5
matrix = tf.placeholder(tf.float32, [N, N])
v0 = tf.ones([N, 1]) / np.sqrt(N)


def cond(i, v):
    return i < 20


def body(i, v):
    w = tf.matmul(matrix, v)
    return i + 1, w / tf.norm(w)


_, v = tf.while_loop(cond, body, [tf.constant(0), v0])
eigenvalue = tf.squeeze(tf.matmul(tf.transpose(v), tf.matmul(matrix, v)))

seq0 = tf.zeros([1, 2])
_, seq = tf.while_loop(
    lambda i, s: i < 4,
    lambda i, s: (i + 1, tf.concat([s, s[-1:] + 1.0], axis=0)),
    [tf.constant(0), seq0],
    shape_invariants=[tf.TensorShape([]), tf.TensorShape([None, 2])])

a = np.random.RandomState(0).rand(N, N).astype(np.float32)
sym = (a + a.T) / 2
with tf.Session() as sess:
    value, grown = sess.run([eigenvalue, seq], {matrix: sym})
    print("largest eigenvalue ~", value, "numpy:", np.linalg.eigvalsh(sym).max())
    print("grown sequence", grown.shape)
