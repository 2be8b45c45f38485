"""A text classifier whose sizes come from a settings dict."""
import tensorflow as tf


def build_model(params, **overrides):
    settings = dict(params, **overrides)
    inputs = tf.keras.Input(shape=(None,), dtype="int64")
    x = tf.keras.layers.Embedding(settings["vocab_size"], settings["embed_dim"])(inputs)
    x = tf.keras.layers.GlobalAveragePooling1D()(x)
    x = tf.keras.layers.Dense(settings["units"], activation="relu")(x)
    outputs = tf.keras.layers.Dense(settings["num_classes"])(x)
    return tf.keras.Model(inputs, outputs)


def accuracy(logits, labels):
    predicted = tf.argmax(logits, axis=1)
    return tf.reduce_mean(tf.cast(tf.equal(predicted, labels), tf.float32))
