# pattern: 9
# style: keras
# A subclassed denoiser is trained, then applied to one image passed without its batch axis,
# so its first convolution receives a 3-D tensor.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


class Denoiser(keras.Model):
    def __init__(self):
        super().__init__()
        self.enc = layers.Conv2D(16, 3, padding="same", activation="relu")
        self.dec = layers.Conv2D(1, 3, padding="same", activation="sigmoid")

    def call(self, noisy):
        return self.dec(self.enc(noisy))


rng = np.random.default_rng(3)
clean = rng.random((16, 24, 24, 1)).astype("float32")
noisy = np.clip(clean + 0.1 * rng.normal(size=clean.shape), 0.0, 1.0).astype("float32")
model = Denoiser()
model.compile(optimizer="adam", loss="mse")
model.fit(noisy, clean, epochs=1, batch_size=8, verbose=0)

one_image = noisy[0][np.newaxis, ...]
restored = model.predict(one_image, verbose=0)
print(restored.shape)
