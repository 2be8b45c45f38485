# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional denoiser for 32x32 grayscale patches is trained on (n, 32, 32, 1) arrays, but
# the evaluation patches are cut from a 2-D image without the channel axis.  TensorFlow 1.15
# rejects their rank in predict; Keras 2.15 and 3 add the trailing axis and run.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(1)
clean = rng.normal(size=(40, 32, 32, 1)).astype("float32")
noisy = clean + 0.1 * rng.normal(size=clean.shape).astype("float32")

inputs = keras.Input(shape=(32, 32, 1))
x = layers.Conv2D(8, 3, padding="same", activation="relu")(inputs)
outputs = layers.Conv2D(1, 3, padding="same")(x)
denoiser = keras.Model(inputs, outputs)
denoiser.compile(optimizer="adam", loss="mse")
denoiser.fit(noisy, clean, epochs=1, batch_size=8, verbose=0)

scan = rng.normal(size=(96, 96)).astype("float32")
patches = np.stack([scan[r:r + 32, c:c + 32] for r in (0, 32, 64) for c in (0, 32, 64)])
restored = denoiser.predict(patches)  # expect[1.15]: ST117
print(restored.shape)
