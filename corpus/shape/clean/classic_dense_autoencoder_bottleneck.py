# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# Undercomplete dense autoencoder on flattened 12x12 "images": encoder and decoder are
# separate Sequential models composed into one; the encoder alone gives the codes, the
# decoder alone maps codes back, and reconstruction error is measured per example.
import numpy as np
import tensorflow as tf

SIDE = 12
INPUT_DIM = SIDE * SIDE
CODE_DIM = 8


def make_blobs(n, rng):
    yy, xx = np.mgrid[0:SIDE, 0:SIDE]
    images = np.zeros((n, SIDE, SIDE), dtype=np.float32)
    for i in range(n):
        cy, cx = rng.uniform(2, SIDE - 2, size=2)
        images[i] = np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 6.0)
    return images.reshape(n, INPUT_DIM)


encoder = tf.keras.Sequential([
    tf.keras.Input(shape=(INPUT_DIM,)),
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(CODE_DIM, name="code"),
], name="encoder")

decoder = tf.keras.Sequential([
    tf.keras.Input(shape=(CODE_DIM,)),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(INPUT_DIM, activation="sigmoid"),
], name="decoder")

autoencoder = tf.keras.Sequential([encoder, decoder], name="autoencoder")
autoencoder.compile(optimizer=tf.keras.optimizers.Adam(2e-3), loss="mse")

rng = np.random.RandomState(42)
train = make_blobs(64, rng)
test = make_blobs(8, rng)
autoencoder.fit(train, train, epochs=1, batch_size=16, shuffle=True, verbose=0)

codes = encoder.predict(test, verbose=0)
recon = decoder.predict(codes, verbose=0)
per_example = np.mean((recon - test) ** 2, axis=1)
print("codes", codes.shape, "recon", recon.shape)
print("per-example mse", np.round(per_example, 4))
recon_images = recon.reshape(-1, SIDE, SIDE)
print("brightest pixel of first reconstruction", np.unravel_index(recon_images[0].argmax(), (SIDE, SIDE)))
