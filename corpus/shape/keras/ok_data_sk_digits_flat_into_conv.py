# pattern: 27
# style: keras
# The scikit-learn digits as a small CNN's input: the script takes the flat 64-value rows
# (digits.data) where the network wants the 8x8 images with a channel axis.
import numpy as np
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from tensorflow import keras
from tensorflow.keras import layers

digits = load_digits()
pixels = digits.images[..., np.newaxis] / 16.0
X_train, X_test, y_train, y_test = train_test_split(pixels, digits.target, test_size=0.9, random_state=0)

model = keras.Sequential([
    layers.Input(shape=(8, 8, 1)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.Flatten(),
    layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(X_train, y_train, epochs=1, batch_size=32, verbose=0)
