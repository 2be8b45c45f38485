# pattern: 32
# style: tf1
# tf: 1.15
# oracle: legacy-keras
# source: https://github.com/IndicoDataSolutions/finetune/issues/267
# class: B6
# Training runs on batches of 4, evaluation on batches of 3; the evaluation slices its labels
# with the training batch size, so the accuracy compares 3 predictions with 4 labels
# ("Incompatible shapes: [3] vs. [4]").  The twin slices both with the evaluation batch size.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

batch_size, eval_batch_size = 4, 3
rng = np.random.RandomState(9)
train_x, train_y = rng.rand(40, 5), rng.randint(0, 3, 40)
val_x, val_y = rng.rand(9, 5), rng.randint(0, 3, 9)

x = tf.placeholder(tf.float32, [None, 5])
labels = tf.placeholder(tf.int64, [None])
logits = tf.layers.dense(x, 3)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train_op = tf.train.AdamOptimizer(0.01).minimize(loss)
eval_acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), labels), tf.float32))  # related
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for start in range(0, 40, batch_size):
        sess.run(train_op, {x: train_x[start:start + batch_size], labels: train_y[start:start + batch_size]})
    for start in range(0, 9, eval_batch_size):
        stop = start + batch_size
        print(sess.run(eval_acc, {x: val_x[start:start + eval_batch_size], labels: val_y[start:stop]}))  # expect: ST103
