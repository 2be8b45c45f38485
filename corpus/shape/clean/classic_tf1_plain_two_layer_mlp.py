# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# The TF 1.x "MLP from scratch" script: name scopes, tf.get_variable with initializers, an
# L2 weight penalty collected over the weight matrices, a learning-rate decay driven by the
# global step, and separate train/eval passes with a keep_prob placeholder for dropout.
import numpy as np
import tensorflow as tf

N_INPUT, N_HIDDEN_1, N_HIDDEN_2, N_CLASSES = 12, 32, 16, 3
BATCH_SIZE = 20
WEIGHT_DECAY = 1e-4


def fc_layer(inputs, fan_in, fan_out, scope, activation=tf.nn.relu):
    with tf.variable_scope(scope):
        weights = tf.get_variable("weights", [fan_in, fan_out],
                                  initializer=tf.truncated_normal_initializer(stddev=0.1))
        biases = tf.get_variable("biases", [fan_out], initializer=tf.constant_initializer(0.1))
        tf.add_to_collection("l2_terms", tf.nn.l2_loss(weights))
        pre = tf.matmul(inputs, weights) + biases
        return activation(pre) if activation is not None else pre


features = tf.placeholder(tf.float32, [None, N_INPUT], name="features")
labels = tf.placeholder(tf.int64, [None], name="labels")
keep_prob = tf.placeholder(tf.float32, name="keep_prob")

hidden1 = fc_layer(features, N_INPUT, N_HIDDEN_1, "hidden1")
hidden1 = tf.nn.dropout(hidden1, keep_prob)
hidden2 = fc_layer(hidden1, N_HIDDEN_1, N_HIDDEN_2, "hidden2")
logits = fc_layer(hidden2, N_HIDDEN_2, N_CLASSES, "softmax_linear", activation=None)

with tf.name_scope("loss"):
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    data_loss = tf.reduce_mean(xent)
    total_loss = data_loss + WEIGHT_DECAY * tf.add_n(tf.get_collection("l2_terms"))

global_step = tf.Variable(0, trainable=False, name="global_step")
learning_rate = tf.train.exponential_decay(0.1, global_step, 10, 0.9, staircase=True)
train_op = tf.train.MomentumOptimizer(learning_rate, 0.9).minimize(total_loss, global_step=global_step)
top1 = tf.reduce_mean(tf.cast(tf.nn.in_top_k(logits, labels, 1), tf.float32))

rng = np.random.RandomState(4)
data = rng.randn(60, N_INPUT).astype(np.float32)
targets = (data[:, 0] > 0).astype(np.int64) + (data[:, 1] > 0.5).astype(np.int64)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        batch = rng.choice(len(data), BATCH_SIZE, replace=False)
        _, loss_value, lr = sess.run([train_op, total_loss, learning_rate],
                                     feed_dict={features: data[batch], labels: targets[batch],
                                                keep_prob: 0.8})
        print("step %d loss %.4f lr %.4f" % (step, loss_value, lr))
    acc = sess.run(top1, feed_dict={features: data, labels: targets, keep_prob: 1.0})
    print("train precision@1 = %.3f" % acc, "global step", sess.run(global_step))
