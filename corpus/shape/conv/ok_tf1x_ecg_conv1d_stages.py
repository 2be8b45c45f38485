# pattern: 25
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A 1-D CNN that classifies 48-sample heartbeat windows.  The stage table was tuned for
# 360-sample windows; with four VALID 2x poolings 48 samples shrink to 3, and the head's
# width-5 VALID convolution no longer fits ("Negative dimension size").
import numpy as np
import tensorflow as tf

FLAGS = tf.app.flags.FLAGS
tf.app.flags.DEFINE_integer("window", 48, "samples per heartbeat window")
tf.app.flags.DEFINE_integer("classes", 4, "rhythm classes")
tf.app.flags.DEFINE_integer("batch_size", 8, "windows per step")

# (kernel width, filters) per stage; each stage ends with a 2x max-pool
STAGES = [(7, 8), (5, 16), (5, 16), (3, 32)]
HEAD_WIDTH = 5


def heartbeats(n, seed):
    rng = np.random.RandomState(seed)
    t = np.linspace(0.0, 1.0, FLAGS.window)
    labels = rng.randint(0, FLAGS.classes, size=n)
    waves = np.stack([np.sin(2 * np.pi * (2 + k) * t) for k in labels])
    waves += 0.1 * rng.randn(n, FLAGS.window)
    return waves[..., None].astype(np.float32), labels.astype(np.int32)


def conv_stage(x, width, filters, index):
    in_ch = x.get_shape().as_list()[-1]
    kernel = tf.get_variable("stage%d/kernel" % index, [width, in_ch, filters])
    x = tf.nn.relu(tf.nn.conv1d(x, kernel, stride=1, padding="SAME"))
    x = tf.expand_dims(x, 2)
    x = tf.nn.max_pool(x, [1, 2, 1, 1], [1, 2, 1, 1], "VALID")
    return tf.squeeze(x, 2)


def network(signal):
    x = signal
    for i, (width, filters) in enumerate(STAGES):
        x = conv_stage(x, width, filters, i)
    head = tf.get_variable("head/kernel", [HEAD_WIDTH, STAGES[-1][1], FLAGS.classes])
    x = tf.nn.conv1d(x, head, stride=1, padding="SAME")
    return tf.reduce_mean(x, axis=1)


def main(_):
    signal = tf.placeholder(tf.float32, [None, FLAGS.window, 1])
    rhythm = tf.placeholder(tf.int32, [None])
    logits = network(signal)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=rhythm, logits=logits))
    train_op = tf.train.AdamOptimizer(0.003).minimize(loss)
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1, output_type=tf.int32), rhythm), tf.float32))

    xs, ys = heartbeats(2 * FLAGS.batch_size, seed=0)
    vx, vy = heartbeats(FLAGS.batch_size, seed=1)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            part = slice(step * FLAGS.batch_size, (step + 1) * FLAGS.batch_size)
            _, value = sess.run([train_op, loss], {signal: xs[part], rhythm: ys[part]})
            print("step", step, "loss", value)
        print("validation accuracy", sess.run(accuracy, {signal: vx, rhythm: vy}))


if __name__ == "__main__":
    tf.app.run(main)
