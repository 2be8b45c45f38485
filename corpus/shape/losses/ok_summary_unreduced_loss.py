# pattern: 22
# style: tf1
# tf: 1.15, 2.15, 2.21
# The per-example loss vector is logged with tf.summary.scalar, which needs one value.
# Building the graph succeeds; running the merged summary fails.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("batch_size", 10, "examples per step")
flags.DEFINE_integer("features", 12, "input width")
flags.DEFINE_integer("steps", 2, "training steps")
flags.DEFINE_float("learning_rate", 0.1, "SGD step size")
flags.DEFINE_integer("seed", 0, "seed for the synthetic data and the graph")
FLAGS = flags.FLAGS


def inputs(seed=0):
    rng = np.random.RandomState(seed)
    x = rng.randn(FLAGS.batch_size * FLAGS.steps, FLAGS.features).astype(np.float32)
    y = (x[:, :3].sum(axis=1) > 0).astype(np.float32).reshape(-1, 1)
    return x, y


def logistic_model(x):
    w = tf.get_variable("w", [FLAGS.features, 1], initializer=tf.zeros_initializer())
    b = tf.get_variable("b", [1], initializer=tf.zeros_initializer())
    return tf.matmul(x, w) + b


def main(_):
    x = tf.placeholder(tf.float32, [None, FLAGS.features])
    y = tf.placeholder(tf.float32, [None, 1])
    logits = logistic_model(x)
    per_example = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits)
    loss = tf.reduce_mean(per_example)
    tf.summary.scalar("loss", loss)
    merged = tf.summary.merge_all()
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.train.GradientDescentOptimizer(FLAGS.learning_rate).minimize(
        loss, global_step=global_step)

    predicted = tf.cast(logits > 0.0, tf.float32)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(predicted, y), tf.float32))
    tf.summary.scalar("accuracy", accuracy)

    tf.set_random_seed(FLAGS.seed)
    data, labels = inputs(FLAGS.seed)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(FLAGS.steps):
            sl = slice(step * FLAGS.batch_size, (step + 1) * FLAGS.batch_size)
            _, summary = sess.run([train_op, merged], {x: data[sl], y: labels[sl]})
            print("step", step, "summary bytes", len(summary))
        print("train accuracy", sess.run(accuracy, {x: data, y: labels}))


if __name__ == "__main__":
    tf.app.run(main)
