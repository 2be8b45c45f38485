# pattern: 11
# style: keras
# tf: 1.15, 2.15, 2.21
# A two-input product classifier (numeric features and a text embedding) compiled with
# categorical_crossentropy while the category labels are plain integers.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

N_CATEGORIES = 6
VOCAB, TITLE_LEN = 500, 12

numeric_in = keras.Input(shape=(8,), name="numeric")
title_in = keras.Input(shape=(TITLE_LEN,), name="title")
t = layers.Embedding(VOCAB, 16)(title_in)
t = layers.GlobalAveragePooling1D()(t)
n = layers.Dense(16, activation="relu")(numeric_in)
merged = layers.concatenate([n, t])
merged = layers.Dense(32, activation="relu")(merged)
category = layers.Dense(N_CATEGORIES, activation="softmax", name="category")(merged)
model = keras.Model(inputs=[numeric_in, title_in], outputs=category)
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])

rng = np.random.default_rng(9)
numeric = rng.normal(size=(30, 8)).astype("float32")
titles = rng.integers(1, VOCAB, size=(30, TITLE_LEN))
categories = keras.utils.to_categorical(rng.integers(0, N_CATEGORIES, size=30), N_CATEGORIES)
model.fit([numeric, titles], categories, epochs=1, batch_size=10, verbose=0)
