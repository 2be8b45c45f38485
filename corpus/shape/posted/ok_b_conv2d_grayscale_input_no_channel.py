# pattern: 33
# style: keras
# tf: 2.15, 2.21
# source: https://devsolus.com/why-do-we-reshape-grayscale-image-to-xy1/
# class: B2
# Grayscale 28x28 images: the model's Input is declared as (28, 28), without the channel axis,
# and Conv2D refuses a rank-3 input ("expected min_ndim=4, found ndim=3. Full shape received:
# (None, 28, 28)").
import numpy as np
from tensorflow import keras

layers = keras.layers
images = np.random.RandomState(4).rand(16, 28, 28).astype("float32")
labels = np.arange(16) % 10
inputs = keras.Input(shape=(28, 28))
x = layers.Reshape((28, 28, 1))(inputs)
x = layers.Conv2D(8, 3, activation="relu")(x)
x = layers.GlobalAveragePooling2D()(x)
model = keras.Model(inputs, layers.Dense(10, activation="softmax")(x))
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(images, labels, epochs=1, batch_size=8, verbose=0)
