"""CNN built with the Keras functional API."""

import tensorflow as tf


def build_cnn(image_size, channels, num_classes, filters=16):
    inputs = tf.keras.Input(shape=(image_size, image_size, channels))
    x = tf.keras.layers.Conv2D(filters, 3, padding="same", activation="relu")(inputs)
    x = tf.keras.layers.MaxPooling2D(2)(x)
    x = tf.keras.layers.Conv2D(filters * 2, 3, padding="same", activation="relu")(x)
    x = tf.keras.layers.MaxPooling2D(2)(x)
    x = tf.keras.layers.Flatten()(x)
    outputs = tf.keras.layers.Dense(num_classes, activation="softmax")(x)
    return tf.keras.Model(inputs, outputs, name="small_cnn")
