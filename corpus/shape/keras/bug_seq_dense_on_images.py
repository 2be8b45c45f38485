# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# An MLP declared for flattened 784-pixel digits is trained on the 28x28 image arrays
# themselves: the Flatten step was forgotten, so fit rejects the input rank.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

NUM_CLASSES = 10


def make_digits(n, seed):
    rng = np.random.default_rng(seed)
    images = rng.integers(0, 256, size=(n, 28, 28)).astype("float32") / 255.0
    labels = rng.integers(0, NUM_CLASSES, size=n)
    return images, labels


def build_mlp():
    model = keras.Sequential([
        layers.Dense(128, activation="relu", input_shape=(784,)),
        layers.Dropout(0.2),
        layers.Dense(NUM_CLASSES, activation="softmax"),
    ])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


x_train, y_train = make_digits(32, seed=0)
x_test, y_test = make_digits(8, seed=1)
model = build_mlp()
model.fit(x_train, y_train, epochs=1, batch_size=16, verbose=0)  # expect: ST117
print(model.evaluate(x_test, y_test, verbose=0))
