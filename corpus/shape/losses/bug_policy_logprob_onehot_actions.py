# pattern: 11
# style: tf1
# tf: 1.15, 2.15, 2.21
# A REINFORCE policy scores the actions it took with Categorical.log_prob, but the
# replay buffer stores the actions one-hot encoded ([batch, n_actions]) instead of as
# action indices ([batch]); log_prob broadcasts them against the batch and fails.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

N_STATES, N_ACTIONS = 4, 3
states = tf.placeholder(tf.float32, [None, N_STATES])
actions = tf.placeholder(tf.int32, [None, N_ACTIONS])
returns = tf.placeholder(tf.float32, [None])

w = tf.Variable(tf.zeros([N_STATES, N_ACTIONS]))
policy = tf.distributions.Categorical(logits=tf.matmul(states, w))
log_probs = policy.log_prob(actions)  # related
loss = -tf.reduce_mean(log_probs * returns)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

taken = np.array([0, 2, 1, 1, 0])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {states: np.ones((5, N_STATES), np.float32), actions: np.eye(N_ACTIONS, dtype=np.int32)[taken],
            returns: np.ones(5, np.float32)}
    sess.run(train, feed)  # expect: ST103
