"""A dense classifier whose input width is read from settings at build time."""
import tensorflow as tf

import settings


def build():
    inputs = tf.keras.Input(shape=(settings.NUM_FEATURES,))
    hidden = tf.keras.layers.Dense(settings.HIDDEN, activation="relu")(inputs)
    outputs = tf.keras.layers.Dense(settings.NUM_CLASSES, activation="softmax")(hidden)
    model = tf.keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return model
