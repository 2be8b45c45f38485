# pattern: 28
# style: keras
# tf: 2.15, 2.21
# source: https://github.com/fchollet/deep-learning-with-python-notebooks/issues/216
# class: B5
# A binary classifier ends in Dense(5, activation="sigmoid") while each label is one 0/1 value;
# binary_crossentropy compares the (32, 5) outputs with (32, 1) labels and raises ("`logits` and
# `labels` must have the same shape, received ((32, 5) vs (32, 1))" in Keras 2.15).
import numpy as np
from tensorflow import keras

rng = np.random.RandomState(6)
texts = rng.rand(64, 20).astype("float32")
labels = rng.randint(0, 2, size=(64, 1)).astype("float32")
model = keras.Sequential([
    keras.Input(shape=(20,)),
    keras.layers.Dense(16, activation="relu"),
    keras.layers.Dense(5, activation="sigmoid"),
])
model.compile(optimizer="rmsprop", loss="binary_crossentropy", metrics=["accuracy"])
model.fit(texts, labels, epochs=1, batch_size=32, verbose=0)  # expect: ST118
