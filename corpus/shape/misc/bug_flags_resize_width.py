# pattern: 23
# style: tf1
# tf: 1.15, 2.15, 2.21
# A DCGAN training script: real images are resized with [output_height, input_height]
# (a copy-paste slip; the flags' defaults make input 108 and output 64), so they are 64x108
# while the generator produces 64x64, and the discriminator's concat of real and fake fails.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("batch_size", 4, "images per batch")
flags.DEFINE_integer("input_height", 108, "height of the raw images")
flags.DEFINE_integer("input_width", None, "width of the raw images (defaults to input_height)")
flags.DEFINE_integer("output_height", 64, "height of generated images")
flags.DEFINE_integer("output_width", None, "width of generated images (defaults to output_height)")
flags.DEFINE_integer("z_dim", 16, "noise vector size")
flags.DEFINE_integer("gf_dim", 32, "generator filters in the last conv")
FLAGS = flags.FLAGS


def generator(z):
    s_h, s_w = FLAGS.output_height, FLAGS.output_width
    s_h4, s_w4 = s_h // 4, s_w // 4
    with tf.variable_scope("generator"):
        proj = tf.get_variable("proj", [FLAGS.z_dim, s_h4 * s_w4 * FLAGS.gf_dim * 2])
        h0 = tf.nn.relu(tf.reshape(tf.matmul(z, proj), [-1, s_h4, s_w4, FLAGS.gf_dim * 2]))
        w1 = tf.get_variable("w1", [5, 5, FLAGS.gf_dim, FLAGS.gf_dim * 2])
        h1 = tf.nn.relu(tf.nn.conv2d_transpose(
            h0, w1, [FLAGS.batch_size, s_h // 2, s_w // 2, FLAGS.gf_dim], [1, 2, 2, 1]))
        w2 = tf.get_variable("w2", [5, 5, 3, FLAGS.gf_dim])
        return tf.nn.tanh(tf.nn.conv2d_transpose(
            h1, w2, [FLAGS.batch_size, s_h, s_w, 3], [1, 2, 2, 1]))


def discriminator(images):
    with tf.variable_scope("discriminator"):
        w1 = tf.get_variable("w1", [5, 5, 3, 16])
        h1 = tf.nn.leaky_relu(tf.nn.conv2d(images, w1, [1, 2, 2, 1], "SAME"))
        pooled = tf.reduce_mean(h1, axis=[1, 2])
        w_out = tf.get_variable("w_out", [16, 1])
        return tf.matmul(pooled, w_out)


def main(_):
    if FLAGS.input_width is None:
        FLAGS.input_width = FLAGS.input_height
    if FLAGS.output_width is None:
        FLAGS.output_width = FLAGS.output_height

    raw = tf.placeholder(tf.float32, [FLAGS.batch_size, FLAGS.input_height, FLAGS.input_width, 3])
    real = tf.image.resize_images(raw, [FLAGS.output_height, FLAGS.input_height]) * 2.0 - 1.0
    z = tf.placeholder(tf.float32, [FLAGS.batch_size, FLAGS.z_dim])
    fake = generator(z)
    logits = discriminator(tf.concat([real, fake], axis=0))  # expect: ST108
    labels = tf.concat([tf.ones([FLAGS.batch_size, 1]), tf.zeros([FLAGS.batch_size, 1])], axis=0)
    d_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
    d_vars = [v for v in tf.trainable_variables() if v.name.startswith("discriminator")]
    d_train = tf.train.AdamOptimizer(2e-4, beta1=0.5).minimize(d_loss, var_list=d_vars)

    rng = np.random.RandomState(0)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            batch = rng.rand(FLAGS.batch_size, FLAGS.input_height, FLAGS.input_width, 3)
            noise = rng.uniform(-1, 1, (FLAGS.batch_size, FLAGS.z_dim))
            _, loss = sess.run([d_train, d_loss], {raw: batch, z: noise})
            print("step %d d_loss %.4f" % (step, loss))


if __name__ == "__main__":
    tf.app.run()
