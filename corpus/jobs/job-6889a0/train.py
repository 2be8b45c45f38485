"""Train a linear-tanh autoencoder in eager TF2."""

import numpy as np
import tensorflow as tf

from model import AutoEncoder

print("TF version", tf.__version__)


def sample_batch(batch_size, dim):
    """Noisy low-rank vectors for the autoencoder."""
    basis = np.random.randn(3, dim).astype(np.float32)
    weights = np.random.randn(batch_size, 3).astype(np.float32)
    return tf.constant(weights @ basis)


DIM = 64
CODE_SIZE = 8
STEPS = 2


def main():
    model = AutoEncoder(DIM, CODE_SIZE)
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
    for step in range(STEPS):
        batch = sample_batch(16, DIM)
        with tf.GradientTape() as tape:
            recon = model.reconstruct(batch)
            loss = tf.reduce_mean(tf.log(1.0 + tf.square(recon - batch)))
        grads = tape.gradient(loss, model.variables)
        optimizer.apply_gradients(zip(grads, model.variables))
        print("step", step, "reconstruction loss", float(loss))


if __name__ == "__main__":
    main()
