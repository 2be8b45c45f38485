# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# Training images get their channel axis in the preprocessing function, the held-out test
# images are passed to evaluate straight from the loader.  TensorFlow 1.15's Keras refuses
# the 3-D test array; Keras 2.15 and 3 expand it to (n, 28, 28, 1).
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


def load(n, seed):
    rng = np.random.default_rng(seed)
    return rng.random((n, 28, 28)).astype("float32"), rng.integers(0, 10, size=n)


def preprocess(images):
    return images[..., np.newaxis]


x_train, y_train = load(48, 0)
x_test, y_test = load(16, 1)
model = keras.Sequential([
    layers.Conv2D(4, 5, activation="relu", input_shape=(28, 28, 1)),
    layers.GlobalAveragePooling2D(),
    layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(preprocess(x_train), y_train, epochs=1, batch_size=16, verbose=0)
print(model.evaluate(x_test, y_test, verbose=0))  # expect[1.15]: ST117
