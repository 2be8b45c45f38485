# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional MLP applied directly to 28x28 images: without Flatten the Dense layers act on
# every image row, so the model outputs (batch, 28, 10) while the labels are one per image.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

inputs = keras.Input(shape=(28, 28))
hidden = layers.Dense(64, activation="relu")(layers.Flatten()(inputs))
outputs = layers.Dense(10, activation="softmax")(hidden)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])

rng = np.random.default_rng(0)
x_train = rng.random((24, 28, 28)).astype("float32")
y_train = rng.integers(0, 10, size=24)
model.fit(x_train, y_train, epochs=1, batch_size=8, verbose=0)
