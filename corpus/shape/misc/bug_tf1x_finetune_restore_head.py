# pattern: 34
# style: tf1
# tf: 1.15, 2.15, 2.21
# Fine-tuning a 5-class flower head on top of a body pretrained on a 10-class task.  The
# checkpoint is stored as a numpy dict and restored variable by variable with tf.assign; the
# loop does not skip the classifier, whose saved kernel is [32, 10] against a [32, 5] variable.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("input_dim", 64, "pooled image descriptor size")
flags.DEFINE_integer("hidden", 32, "body width")
flags.DEFINE_integer("pretrain_classes", 10, "classes of the source task")
flags.DEFINE_integer("num_classes", 5, "classes of the target task")
flags.DEFINE_integer("batch_size", 16, "examples per step")
FLAGS = flags.FLAGS


def pretrained_checkpoint(seed=1):
    """Stand-in for np.load('source_model.npz'): the weights of the 10-class model."""
    rng = np.random.RandomState(seed)
    return {
        "body/kernel": rng.randn(FLAGS.input_dim, FLAGS.hidden).astype(np.float32) * 0.1,
        "body/bias": np.zeros(FLAGS.hidden, np.float32),
        "head/kernel": rng.randn(FLAGS.hidden, FLAGS.pretrain_classes).astype(np.float32) * 0.1,
        "head/bias": np.zeros(FLAGS.pretrain_classes, np.float32),
    }


def dense(x, units, scope, activation=None):
    with tf.variable_scope(scope):
        kernel = tf.get_variable("kernel", [x.get_shape().as_list()[-1], units])
        bias = tf.get_variable("bias", [units], initializer=tf.zeros_initializer())
    y = tf.matmul(x, kernel) + bias
    return activation(y) if activation else y


def restore_ops(checkpoint, skip=()):
    ops = []
    for var in tf.global_variables():
        name = var.op.name
        if name in checkpoint and not name.startswith(skip):
            ops.append(tf.assign(var, checkpoint[name]))  # expect: ST116
    return ops


def flowers(n, seed=2):
    rng = np.random.RandomState(seed)
    y = rng.randint(0, FLAGS.num_classes, size=n)
    x = rng.randn(n, FLAGS.input_dim).astype(np.float32) + y[:, None] * 0.3
    return x, y.astype(np.int64)


def main(_):
    x = tf.placeholder(tf.float32, [None, FLAGS.input_dim])
    y = tf.placeholder(tf.int64, [None])
    features = dense(x, FLAGS.hidden, "body", tf.nn.relu)
    logits = dense(features, FLAGS.num_classes, "head")
    loss = tf.losses.sparse_softmax_cross_entropy(y, logits)
    head_vars = tf.trainable_variables("head")
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, var_list=head_vars)
    load = restore_ops(pretrained_checkpoint(), skip=())

    data_x, data_y = flowers(2 * FLAGS.batch_size)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(load)
        for step in range(2):
            sl = slice(step * FLAGS.batch_size, (step + 1) * FLAGS.batch_size)
            _, value = sess.run([train_op, loss], {x: data_x[sl], y: data_y[sl]})
            print("step", step, "loss", value)


if __name__ == "__main__":
    tf.app.run(main)
