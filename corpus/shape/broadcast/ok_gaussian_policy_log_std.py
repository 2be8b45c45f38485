# pattern: 29
# style: tf1
# tf: 1.15, 2.15, 2.21
# A Gaussian policy for continuous control: the mean head has one output per action
# dimension, but the learned log standard deviation was sized by the observation
# dimension.  tf.distributions builds the Normal; its log_prob fails on loc vs scale.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

OBS_DIM, ACT_DIM, HIDDEN = 6, 2, 16
obs = tf.placeholder(tf.float32, [None, OBS_DIM])
act = tf.placeholder(tf.float32, [None, ACT_DIM])
advantage = tf.placeholder(tf.float32, [None])

w1 = tf.Variable(tf.random_normal([OBS_DIM, HIDDEN], stddev=0.1))
w2 = tf.Variable(tf.random_normal([HIDDEN, ACT_DIM], stddev=0.1))
mean = tf.matmul(tf.nn.tanh(tf.matmul(obs, w1)), w2)
log_std = tf.Variable(tf.zeros([ACT_DIM]))
policy = tf.distributions.Normal(loc=mean, scale=tf.exp(log_std))
log_prob = tf.reduce_sum(policy.log_prob(act), axis=1)
loss = -tf.reduce_mean(log_prob * advantage)
train = tf.train.AdamOptimizer(1e-3).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    batch = {obs: np.random.randn(8, OBS_DIM), act: np.random.randn(8, ACT_DIM), advantage: np.ones(8)}
    print(sess.run([loss, train], batch)[0])
