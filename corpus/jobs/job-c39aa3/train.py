"""Train a linear-tanh autoencoder in eager TF2."""

import numpy as np
import tensorflow as tf


def sample_batch(batch_size, dim):
    """Noisy low-rank vectors for the autoencoder."""
    basis = np.random.randn(3, dim).astype(np.float32)
    weights = np.random.randn(batch_size, 3).astype(np.float32)
    return tf.constant(weights @ basis)


class AutoEncoder:
    def __init__(self, dim, code_size):
        init = tf.random_normal_initializer(stddev=0.1)
        self.encoder_w = tf.Variable(init([dim, code_size]), name="encoder_w")
        self.decoder_w = tf.Variable(init([code_size, dim]), name="decoder_w")
        self.bias = tf.Variable(tf.zeros([dim]), name="bias")

    @property
    def variables(self):
        return [self.encoder_w, self.decoder_w, self.bias]

    def encode(self, x):
        return tf.nn.tanh(tf.matmul(x, self.decoder_w))

    def decode(self, code):
        return tf.matmul(code, self.decoder_w) + self.bias

    def reconstruct(self, x):
        return self.decode(self.encode(x))


DIM = 32
CODE_SIZE = 8
STEPS = 2


def main():
    model = AutoEncoder(DIM, CODE_SIZE)
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
    for step in range(STEPS):
        batch = sample_batch(16, DIM)
        with tf.GradientTape() as tape:
            recon = model.reconstruct(batch)
            loss = tf.reduce_mean(tf.square(recon - batch))
        grads = tape.gradient(loss, model.variables)
        optimizer.apply_gradients(zip(grads, model.variables))
        print("step", step, "reconstruction loss", float(loss))


if __name__ == "__main__":
    main()
