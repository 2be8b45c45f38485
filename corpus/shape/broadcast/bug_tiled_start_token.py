# pattern: 18
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: runs
# The decoder's start embedding is tiled to a hard-coded batch of 64 and joined to the
# context vectors, whose batch is dynamic.  Fine for 64-row batches only.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

EMBED, CONTEXT = 6, 10
context = tf.placeholder(tf.float32, [None, CONTEXT])
start = tf.get_variable("start_embedding", [1, EMBED])
start_batch = tf.tile(start, [64, 1])
decoder_input = tf.concat([start_batch, context], axis=1)  # expect: ST201

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(decoder_input, {context: np.zeros((64, CONTEXT), np.float32)}).shape)
