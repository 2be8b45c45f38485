# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# A convolutional autoencoder built from an encoder and a decoder model, nested into one
# functional model and trained to reconstruct its input; the encoder is reused on its own.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

IMG = 28
LATENT = 16


def build_encoder():
    inputs = keras.Input(shape=(IMG, IMG, 1))
    x = layers.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inputs)
    x = layers.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
    x = layers.Flatten()(x)
    latent = layers.Dense(LATENT, name="latent")(x)
    return keras.Model(inputs, latent, name="encoder")


def build_decoder():
    latent_in = keras.Input(shape=(LATENT,))
    x = layers.Dense(7 * 7 * 32, activation="relu")(latent_in)
    x = layers.Reshape((7, 7, 32))(x)
    x = layers.Conv2DTranspose(32, 3, strides=2, padding="same", activation="relu")(x)
    x = layers.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")(x)
    outputs = layers.Conv2D(1, 3, padding="same", activation="sigmoid")(x)
    return keras.Model(latent_in, outputs, name="decoder")


encoder = build_encoder()
decoder = build_decoder()
image_in = keras.Input(shape=(IMG, IMG, 1))
autoencoder = keras.Model(image_in, decoder(encoder(image_in)), name="autoencoder")
autoencoder.compile(optimizer="adam", loss="binary_crossentropy")

dense_ae = keras.Sequential([
    keras.Input(shape=(IMG * IMG,)),
    layers.Dense(64, activation="relu"),
    layers.Dense(LATENT, activation="relu"),
    layers.Dense(64, activation="relu"),
    layers.Dense(IMG * IMG, activation="sigmoid"),
])
dense_ae.compile(optimizer="adam", loss="mse")

rng = np.random.default_rng(0)
digits = rng.random((16, IMG, IMG)).astype("float32")
x = digits[..., np.newaxis]
autoencoder.fit(x, x, epochs=1, batch_size=8, shuffle=True, validation_data=(x[:4], x[:4]), verbose=0)
codes = encoder.predict(x, verbose=0)
print("codes:", codes.shape)
flat = digits.reshape(len(digits), -1)
dense_ae.fit(flat, flat, epochs=1, batch_size=8, verbose=0)
print("reconstruction:", dense_ae.predict(flat[:2], verbose=0).shape)
