# pattern: 4
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Mean-variance portfolio optimisation by gradient descent.  The allocation is kept as a
# plain vector of weights, and the risk term multiplies the covariance matrix by it with
# tf.matmul, which wants two matrices.
import numpy as np
import tensorflow as tf

N_ASSETS = 6
N_DAYS = 250
RISK_AVERSION = 3.0
STEPS = 2


def simulated_returns(seed=7):
    rng = np.random.RandomState(seed)
    drift = rng.uniform(0.0002, 0.001, size=N_ASSETS)
    mixing = rng.randn(N_ASSETS, N_ASSETS) * 0.01
    shocks = rng.randn(N_DAYS, N_ASSETS).dot(mixing)
    return (drift + shocks).astype(np.float32)


def summary_stats(returns):
    mean = returns.mean(axis=0)
    cov = np.cov(returns, rowvar=False).astype(np.float32)
    return mean.astype(np.float32), cov


def allocation():
    logits = tf.Variable(tf.zeros([N_ASSETS]), name="allocation_logits")
    return tf.nn.softmax(logits)


def objective(weights, mean, cov):
    expected = tf.reduce_sum(weights * mean)
    risk_vec = tf.matmul(cov, weights)  # expect: ST102
    variance = tf.reduce_sum(weights * tf.reshape(risk_vec, [-1]))
    return -(expected - RISK_AVERSION * variance), expected, variance


returns = simulated_returns()
mean_np, cov_np = summary_stats(returns)
mean = tf.placeholder(tf.float32, [N_ASSETS], name="mean")
cov = tf.placeholder(tf.float32, [N_ASSETS, N_ASSETS], name="cov")
weights = allocation()
loss, expected, variance = objective(weights, mean, cov)
train_op = tf.train.GradientDescentOptimizer(5.0).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {mean: mean_np, cov: cov_np}
    for step in range(STEPS):
        _, value = sess.run([train_op, loss], feed)
        print("step", step, "objective", value)
    w, e, v = sess.run([weights, expected, variance], feed)
    print("weights", np.round(w, 3), "expected %.5f variance %.7f" % (e, v))
