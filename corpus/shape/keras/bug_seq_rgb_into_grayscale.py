# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# A digit recogniser built for single-channel 28x28 images is trained on images that were
# loaded as RGB, so its first convolution sees 3 channels instead of 1.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

NUM_CLASSES = 10


def load_images(n, seed=0):
    rng = np.random.default_rng(seed)
    rgb = rng.integers(0, 256, size=(n, 28, 28, 3)).astype("float32") / 255.0
    labels = rng.integers(0, NUM_CLASSES, size=n)
    return rgb, labels


model = keras.Sequential([
    layers.Conv2D(16, (3, 3), activation="relu", input_shape=(28, 28, 1)),
    layers.MaxPooling2D((2, 2)),
    layers.Flatten(),
    layers.Dense(64, activation="relu"),
    layers.Dense(NUM_CLASSES, activation="softmax"),
])
model.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

images, labels = load_images(24)
model.fit(images, labels, batch_size=8, epochs=1, verbose=0)  # expect: ST117
