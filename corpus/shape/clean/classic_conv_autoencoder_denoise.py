# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# Convolutional denoising autoencoder: Conv2D + MaxPooling encoder, a decoder that mixes
# Conv2DTranspose (stride 2) and UpSampling2D, trained to map noisy 28x28 inputs to clean ones.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


def build_autoencoder(side=28):
    inp = keras.Input(shape=(side, side, 1), name="noisy")
    x = layers.Conv2D(16, 3, activation="relu", padding="same")(inp)
    x = layers.MaxPooling2D(2, padding="same")(x)            # 14
    x = layers.Conv2D(8, 3, activation="relu", padding="same")(x)
    encoded = layers.MaxPooling2D(2, padding="same")(x)      # 7

    x = layers.Conv2DTranspose(8, 3, strides=2, activation="relu", padding="same")(encoded)  # 14
    x = layers.Conv2D(16, 3, activation="relu", padding="same")(x)
    x = layers.UpSampling2D((2, 2))(x)                       # 28
    decoded = layers.Conv2D(1, 3, activation="sigmoid", padding="same", name="clean")(x)
    return keras.Model(inp, decoded, name="denoiser"), keras.Model(inp, encoded, name="encoder")


def add_noise(images, rng, level=0.3):
    noisy = images + level * rng.normal(size=images.shape)
    return np.clip(noisy, 0.0, 1.0).astype("float32")


rng = np.random.default_rng(7)
clean = np.zeros((24, 28, 28, 1), dtype="float32")
for k in range(24):
    r0, c0 = rng.integers(2, 18, size=2)
    clean[k, r0:r0 + 8, c0:c0 + 8, 0] = 1.0
noisy = add_noise(clean, rng)

autoencoder, encoder = build_autoencoder()
autoencoder.compile(optimizer="adam", loss="binary_crossentropy")
autoencoder.fit(noisy, clean, epochs=1, batch_size=8, verbose=0)

denoised = autoencoder.predict(noisy[:4], verbose=0)
latent = encoder.predict(noisy[:4], verbose=0)
print("latent", latent.shape, "denoised", denoised.shape)
err_before = np.mean(np.abs(noisy[:4] - clean[:4]))
err_after = np.mean(np.abs(denoised - clean[:4]))
print("mean abs error before %.3f after %.3f" % (err_before, err_after))
flat_codes = latent.reshape(len(latent), -1)
print("flattened code size", flat_codes.shape[1])
