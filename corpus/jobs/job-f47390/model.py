"""Embedding classifier."""

import tensorflow as tf


def build_classifier(vocab_size, embed_dim=8, max_len=10):
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(max_len,)),
        tf.keras.layers.Embedding(vocab_size, embed_dim),
        tf.keras.layers.GlobalAveragePooling1D(),
        tf.keras.layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return model
