# pattern: 32
# style: tf1
# A conditional VAE draws the latent code from the posterior and concatenates it with
# the one-hot condition before decoding.  sample(1) adds a leading sample axis, so the
# code is [1, batch, latent] and the concat along axis 1 meets a rank-2 condition.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

FEATURES, LATENT, CLASSES = 16, 4, 3
x = tf.placeholder(tf.float32, [None, FEATURES])
y = tf.placeholder(tf.float32, [None, CLASSES])
w_mu = tf.Variable(tf.random_normal([FEATURES, LATENT], stddev=0.1))
w_sigma = tf.Variable(tf.random_normal([FEATURES, LATENT], stddev=0.1))
posterior = tf.distributions.Normal(loc=tf.matmul(x, w_mu), scale=tf.exp(tf.matmul(x, w_sigma)))
z = posterior.sample(1)  # related
decoder_in = tf.concat([z, y], axis=1)  # expect: ST102
w_dec = tf.Variable(tf.random_normal([LATENT + CLASSES, FEATURES], stddev=0.1))
reconstruction = tf.matmul(decoder_in, w_dec)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    batch = {x: np.random.rand(5, FEATURES), y: np.eye(CLASSES)[[0, 1, 2, 0, 1]]}
    print(sess.run(reconstruction, batch).shape)
