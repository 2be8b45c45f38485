# pattern: 18
# style: tf1
# tf: 1.15, 2.15, 2.21
# oracle: runs
# A variational autoencoder whose reparameterisation noise is drawn with the configured
# batch size (16) while the inputs have a dynamic batch: it works for full batches and
# would fail for any other batch size.  This run feeds full batches only.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

flags = tf.app.flags
flags.DEFINE_integer("batch_size", 16, "examples per step")
flags.DEFINE_integer("input_dim", 36, "flattened 6x6 patches")
flags.DEFINE_integer("hidden_dim", 24, "encoder/decoder width")
flags.DEFINE_integer("latent_dim", 4, "size of the code")
flags.DEFINE_float("learning_rate", 1e-3, "Adam step size")
FLAGS = flags.FLAGS


def dense(x, units, name, activation=None):
    with tf.variable_scope(name):
        w = tf.get_variable("w", [x.get_shape().as_list()[-1], units])
        b = tf.get_variable("b", [units], initializer=tf.zeros_initializer())
        y = tf.matmul(x, w) + b
        return activation(y) if activation is not None else y


def encoder(x):
    h = dense(x, FLAGS.hidden_dim, "enc_hidden", tf.nn.relu)
    return dense(h, FLAGS.latent_dim, "enc_mean"), dense(h, FLAGS.latent_dim, "enc_logvar")


def decoder(z):
    h = dense(z, FLAGS.hidden_dim, "dec_hidden", tf.nn.relu)
    return dense(h, FLAGS.input_dim, "dec_out")


def sample(mean, log_var):
    epsilon = tf.random_normal((FLAGS.batch_size, FLAGS.latent_dim))
    return mean + tf.exp(0.5 * log_var) * epsilon  # expect: ST201


def main(_):
    x = tf.placeholder(tf.float32, [None, FLAGS.input_dim], name="patches")
    mean, log_var = encoder(x)
    logits = decoder(sample(mean, log_var))
    reconstruction = tf.reduce_sum(
        tf.nn.sigmoid_cross_entropy_with_logits(labels=x, logits=logits), axis=1)
    kl = -0.5 * tf.reduce_sum(1 + log_var - tf.square(mean) - tf.exp(log_var), axis=1)
    loss = tf.reduce_mean(reconstruction + kl)
    train_op = tf.train.AdamOptimizer(FLAGS.learning_rate).minimize(loss)

    rng = np.random.RandomState(0)
    data = (rng.rand(2 * FLAGS.batch_size, FLAGS.input_dim) > 0.5).astype(np.float32)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(2):
            batch = data[step * FLAGS.batch_size:(step + 1) * FLAGS.batch_size]
            _, value = sess.run([train_op, loss], {x: batch})
            print("step %d  -ELBO %.2f" % (step, value))


if __name__ == "__main__":
    tf.app.run(main)
