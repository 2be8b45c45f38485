"""The traffic-sign network: a small CNN over 30 x 30 colour images."""
import tensorflow as tf

IMAGE_SIZE = 30
NUM_SIGNS = 43


def inference(hidden=32):
    inputs = tf.keras.Input(shape=(IMAGE_SIZE, IMAGE_SIZE, 3))
    x = tf.keras.layers.Conv2D(8, 5, activation="relu")(inputs)
    x = tf.keras.layers.MaxPooling2D(2)(x)
    x = tf.keras.layers.Conv2D(16, 3, activation="relu")(x)
    x = tf.keras.layers.MaxPooling2D(2)(x)
    x = tf.keras.layers.Flatten()(x)
    x = tf.keras.layers.Dense(hidden, activation="relu")(x)
    outputs = tf.keras.layers.Dense(NUM_SIGNS, activation="softmax")(x)
    return tf.keras.Model(inputs, outputs)
