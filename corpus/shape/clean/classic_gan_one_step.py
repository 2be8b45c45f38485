# pattern: clean
# style: tf2
# tf: 2.15, 2.21
# A DCGAN-style pair: the generator maps noise to 16x16x1 images with Dense -> Reshape ->
# Conv2DTranspose, the discriminator is a strided CNN. One adversarial training step with two
# GradientTapes, written the usual way with a tf.function.
import numpy as np
import tensorflow as tf

NOISE_DIM = 10
BATCH = 8


def make_generator():
    return tf.keras.Sequential([
        tf.keras.Input(shape=(NOISE_DIM,)),
        tf.keras.layers.Dense(4 * 4 * 32, use_bias=False),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.LeakyReLU(),
        tf.keras.layers.Reshape((4, 4, 32)),
        tf.keras.layers.Conv2DTranspose(16, 4, strides=2, padding="same", use_bias=False),  # 8x8
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.LeakyReLU(),
        tf.keras.layers.Conv2DTranspose(1, 4, strides=2, padding="same", activation="tanh"),  # 16x16
    ], name="generator")


def make_discriminator():
    return tf.keras.Sequential([
        tf.keras.Input(shape=(16, 16, 1)),
        tf.keras.layers.Conv2D(16, 4, strides=2, padding="same"),
        tf.keras.layers.LeakyReLU(0.2),
        tf.keras.layers.Conv2D(32, 4, strides=2, padding="same"),
        tf.keras.layers.LeakyReLU(0.2),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(1),
    ], name="discriminator")


generator = make_generator()
discriminator = make_discriminator()
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)
g_opt = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
d_opt = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)


def discriminator_loss(real_logits, fake_logits):
    real = bce(tf.ones_like(real_logits), real_logits)
    fake = bce(tf.zeros_like(fake_logits), fake_logits)
    return real + fake


def generator_loss(fake_logits):
    return bce(tf.ones_like(fake_logits), fake_logits)


@tf.function
def train_step(real_images):
    noise = tf.random.normal([tf.shape(real_images)[0], NOISE_DIM])
    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
        fakes = generator(noise, training=True)
        real_logits = discriminator(real_images, training=True)
        fake_logits = discriminator(fakes, training=True)
        g_loss = generator_loss(fake_logits)
        d_loss = discriminator_loss(real_logits, fake_logits)
    g_grads = g_tape.gradient(g_loss, generator.trainable_variables)
    d_grads = d_tape.gradient(d_loss, discriminator.trainable_variables)
    g_opt.apply_gradients(zip(g_grads, generator.trainable_variables))
    d_opt.apply_gradients(zip(d_grads, discriminator.trainable_variables))
    return g_loss, d_loss


rng = np.random.RandomState(0)
real_batch = (rng.rand(BATCH, 16, 16, 1).astype(np.float32) * 2.0) - 1.0
g_loss, d_loss = train_step(tf.constant(real_batch))
print("generator loss %.4f discriminator loss %.4f" % (g_loss.numpy(), d_loss.numpy()))
samples = generator(tf.random.normal([3, NOISE_DIM]), training=False)
print("samples", samples.shape, "range", float(tf.reduce_min(samples)), float(tf.reduce_max(samples)))
