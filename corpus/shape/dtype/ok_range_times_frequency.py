# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Positional angles: an int32 tf.range multiplied by a float32 frequency tensor.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

SEQ, DIM = 50, 16
freqs = tf.constant(np.linspace(0.0, 1.0, DIM), dtype=tf.float32)
positions = tf.reshape(tf.range(SEQ, dtype=tf.float32), [SEQ, 1])
angles = positions * tf.reshape(freqs, [1, DIM])
with tf.Session() as sess:
    print(sess.run(angles).shape)
