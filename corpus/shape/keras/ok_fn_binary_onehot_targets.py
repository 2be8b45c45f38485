# pattern: 28
# style: keras
# tf: 1.15, 2.15, 2.21
# A spam filter with one sigmoid output and binary cross-entropy, trained on targets that were
# one-hot encoded into two columns.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

MAX_WORDS = 2000

inputs = keras.Input(shape=(MAX_WORDS,), name="bag_of_words")
x = layers.Dense(32, activation="relu")(inputs)
x = layers.Dropout(0.3)(x)
spam_probability = layers.Dense(1, activation="sigmoid")(x)
model = keras.Model(inputs, spam_probability)
model.compile(optimizer="rmsprop", loss="binary_crossentropy", metrics=["accuracy"])

rng = np.random.default_rng(12)
messages = (rng.random((20, MAX_WORDS)) < 0.01).astype("float32")
is_spam = rng.integers(0, 2, size=20)
targets = is_spam.astype("float32")
model.fit(messages, targets, epochs=1, batch_size=5, verbose=0)
