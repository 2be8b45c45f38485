"""The classifier: conv blocks sized by config.FILTERS, then global pooling."""
import tensorflow as tf

import config


def conv_block(x, filters):
    x = tf.keras.layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
    return tf.keras.layers.MaxPooling2D(2)(x)


def build_model():
    inputs = tf.keras.Input(shape=(config.IMAGE_SIZE, config.IMAGE_SIZE, config.CHANNELS))
    x = inputs
    for filters in config.FILTERS:
        x = conv_block(x, filters)
    x = tf.keras.layers.Flatten()(x)
    outputs = tf.keras.layers.Dense(config.NUM_CLASSES, activation="softmax")(x)
    model = tf.keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
    return model
