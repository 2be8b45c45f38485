# pattern: 13
# style: tf1
# tf: 1.15, 2.15, 2.21
# Targets assembled column by column (one row per class) end up [classes, examples] while
# the logits are [examples, classes].
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

N, C = 6, 4
scores = np.random.RandomState(0).randn(N, C).astype(np.float32)
per_class = [np.float32(np.arange(N) % C == c) for c in range(C)]
targets = np.stack(per_class, axis=1)

logits = tf.constant(scores)
labels = tf.constant(targets)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits))

with tf.Session() as sess:
    print(sess.run(loss))
