# pattern: 11
# style: keras
# tf: 1.15, 2.15, 2.21
# A tf.data pipeline yields one-hot labels, but the functional model is compiled with the
# sparse loss, which wants integer class ids.
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

N_CLASSES = 3

rng = np.random.default_rng(31)
features = rng.normal(size=(24, 6)).astype("float32")
classes = rng.integers(0, N_CLASSES, size=24)
onehot = keras.utils.to_categorical(classes, N_CLASSES)
dataset = tf.data.Dataset.from_tensor_slices((features, onehot)).shuffle(24).batch(8)

inputs = keras.Input(shape=(6,))
hidden = layers.Dense(12, activation="relu")(inputs)
outputs = layers.Dense(N_CLASSES, activation="softmax")(hidden)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
model.fit(dataset, epochs=1, verbose=0)
