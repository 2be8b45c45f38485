# pattern: 12
# style: tf1
# tf: 1.15
# oracle: legacy-keras
# source: https://github.com/talolard/MarketVectors/issues/5
# class: B5
# A market-movement classifier passes its logits (?, 11) as labels and its integer targets
# (?,) as logits to sparse_softmax_cross_entropy_with_logits: "Rank mismatch: Rank of labels
# (received 2) should equal rank of logits minus 1 (received 1)".
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

inputs = tf.placeholder(tf.float32, [None, 30])
target_data = tf.placeholder(tf.int32, [None])
hidden = tf.layers.dense(inputs, 64, activation=tf.nn.relu)
logits = tf.layers.dense(hidden, 11)
losses = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=logits, logits=target_data)  # expect: ST109
loss = tf.reduce_mean(losses)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss, {inputs: np.random.rand(4, 30), target_data: [1, 2, 3, 4]}))
