# pattern: 32
# style: tf1
# tf: 1.15
# oracle: legacy-keras
# source: https://github.com/pumpikano/tf-dann/issues/4
# class: B6
# Domain-adaptation training: each step feeds the images of the source half of a batch (6) but
# the labels of the whole batch, source and target (12), so the label classifier's loss meets
# logits of 6 rows and labels of 12 ("logits and labels must be broadcastable: logits_size=[6,20]
# labels_size=[12,20]").  The twin feeds the source labels; its test run uses another size.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

rng = np.random.RandomState(8)
source_x, source_y = rng.rand(60, 10), np.eye(20)[rng.randint(0, 20, 60)]
target_x = rng.rand(60, 10)
test_x, test_y = rng.rand(30, 10), np.eye(20)[rng.randint(0, 20, 30)]

X = tf.placeholder(tf.float32, [None, 10])
y = tf.placeholder(tf.float32, [None, 20])
features = tf.layers.dense(X, 16, activation=tf.nn.relu)
logits = tf.layers.dense(features, 20)
pred_loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))  # related
train_op = tf.train.MomentumOptimizer(0.01, 0.9).minimize(pred_loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(5):
        half = slice(step * 6, step * 6 + 6)
        batch_y = np.vstack([source_y[half], source_y[half]])
        sess.run([train_op, pred_loss], feed_dict={X: source_x[half], y: batch_y})  # expect: ST109
    print(sess.run(pred_loss, feed_dict={X: test_x, y: test_y}))
