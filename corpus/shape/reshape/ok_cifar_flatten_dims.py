# pattern: 2
# style: tf1-plain
# tf: 1.15, 2.15, 2.21
# A CIFAR-sized convnet adapted from an MNIST script: the flatten still says 7*7*64 while
# two 2x2 pools on 32x32 give 8x8.  The batch size is fixed by a flag, so the reshape fails
# while the graph is built.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("batch_size", 16, "images per batch (fixed in the graph)")
flags.DEFINE_integer("image_size", 32, "height and width of the input images")
flags.DEFINE_integer("channels", 3, "colour channels")
flags.DEFINE_integer("num_classes", 10, "label classes")
flags.DEFINE_float("learning_rate", 1e-3, "Adam step size")
FLAGS = flags.FLAGS


def conv_relu(inputs, out_channels, name):
    with tf.variable_scope(name):
        in_channels = inputs.get_shape()[-1].value
        kernel = tf.get_variable("kernel", [3, 3, in_channels, out_channels],
                                 initializer=tf.glorot_uniform_initializer())
        bias = tf.get_variable("bias", [out_channels], initializer=tf.zeros_initializer())
        conv = tf.nn.conv2d(inputs, kernel, [1, 1, 1, 1], padding="SAME")
        return tf.nn.relu(tf.nn.bias_add(conv, bias))


def pool(inputs):
    return tf.nn.max_pool(inputs, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")


def inference(images):
    net = pool(conv_relu(images, 32, "conv1"))
    net = pool(conv_relu(net, 64, "conv2"))
    flat = tf.reshape(net, [-1, 8 * 8 * 64])
    with tf.variable_scope("fc"):
        w = tf.get_variable("w", [8 * 8 * 64, FLAGS.num_classes])
        b = tf.get_variable("b", [FLAGS.num_classes], initializer=tf.zeros_initializer())
    return tf.matmul(flat, w) + b


def random_batch(rng):
    images = rng.rand(FLAGS.batch_size, FLAGS.image_size, FLAGS.image_size, FLAGS.channels)
    labels = rng.randint(0, FLAGS.num_classes, size=FLAGS.batch_size)
    return images.astype(np.float32), labels


def main(_):
    images = tf.placeholder(
        tf.float32, [FLAGS.batch_size, FLAGS.image_size, FLAGS.image_size, FLAGS.channels])
    labels = tf.placeholder(tf.int64, [FLAGS.batch_size])
    logits = inference(images)
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.train.AdamOptimizer(FLAGS.learning_rate).minimize(loss, global_step=global_step)
    rng = np.random.RandomState(0)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for _ in range(2):
            batch_images, batch_labels = random_batch(rng)
            _, step, value = sess.run([train_op, global_step, loss],
                                      {images: batch_images, labels: batch_labels})
            print("step %d: loss %.3f" % (step, value))


if __name__ == "__main__":
    tf.app.run()
