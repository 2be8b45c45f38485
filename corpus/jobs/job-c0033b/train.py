"""Train a linear-tanh autoencoder in eager TF2."""

import tensorflow as tf

from data import sample_batch
from model import AutoEncoder

print("TF version", tf.__version__)


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
            loss = tf.reduce_mean(tf.square(recon - batch), keep_dims=False)
        grads = tape.gradient(loss, model.variables)
        optimizer.apply_gradients(zip(grads, model.variables))
        print("step", step, "reconstruction loss", float(loss))


if __name__ == "__main__":
    main()
