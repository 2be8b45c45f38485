# pattern: dtype
# style: tf1
# tf: 1.15, 2.15, 2.21
# Class names are fed to the int32 label placeholder instead of their ids.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

CLASSES = ["cat", "dog", "bird"]
labels = tf.placeholder(tf.int32, [None])
logits = tf.placeholder(tf.float32, [None, 3])
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
with tf.Session() as sess:
    print(sess.run(loss, {labels: [CLASSES.index("dog"), CLASSES.index("cat")], logits: np.zeros((2, 3))}))
