# pattern: clean
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# Multivariate linear regression, TF 1.x style, configured through tf.app.flags (defaults
# only): a column-vector target, weights [d, 1], mean squared error, and a check of the learned
# weights against the numpy least-squares solution; predictions for a single row keep the
# batch axis by slicing with a range.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("num_features", 4, "input columns")
flags.DEFINE_integer("num_rows", 120, "training rows")
flags.DEFINE_float("learning_rate", 0.1, "SGD step size")
flags.DEFINE_integer("train_steps", 2, "full-batch steps")
FLAGS = flags.FLAGS


def make_problem(rows, cols, seed=0):
    rng = np.random.RandomState(seed)
    X = rng.randn(rows, cols).astype(np.float32)
    true_w = np.arange(1, cols + 1, dtype=np.float32).reshape(cols, 1)
    y = X.dot(true_w) + 0.5 + 0.05 * rng.randn(rows, 1).astype(np.float32)
    return X, y, true_w


def main(argv):
    del argv
    X_data, y_data, true_w = make_problem(FLAGS.num_rows, FLAGS.num_features)

    X = tf.placeholder(tf.float32, [None, FLAGS.num_features], name="X")
    Y = tf.placeholder(tf.float32, [None, 1], name="Y")
    W = tf.Variable(tf.random_normal([FLAGS.num_features, 1], stddev=0.01), name="weights")
    b = tf.Variable(0.0, name="bias")
    y_hat = tf.add(tf.matmul(X, W), b)
    mse = tf.reduce_mean(tf.squared_difference(y_hat, Y))
    optimizer = tf.train.GradientDescentOptimizer(FLAGS.learning_rate)
    train_op = optimizer.minimize(mse)

    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(FLAGS.train_steps):
            _, loss = sess.run([train_op, mse], feed_dict={X: X_data, Y: y_data})
            print("step {} mse {:.4f}".format(step, loss))
        w_value, b_value = sess.run([W, b])
        one_prediction = sess.run(y_hat, feed_dict={X: X_data[0:1]})
        print("prediction for row 0:", one_prediction.ravel(), "target", y_data[0])

    design = np.hstack([X_data, np.ones((FLAGS.num_rows, 1), np.float32)])
    lstsq = np.linalg.lstsq(design, y_data, rcond=None)[0]
    print("true", true_w.ravel(), "lstsq", lstsq[:-1].ravel().round(3), "sgd", w_value.ravel().round(3))
    print("bias lstsq %.3f sgd %.3f" % (lstsq[-1, 0], b_value))


if __name__ == "__main__":
    tf.app.run(main)
