"""A subclassed Keras classifier."""

import tensorflow as tf


class Classifier(tf.keras.Model):
    def __init__(self, hidden_units, num_classes):
        super().__init__()
        self.hidden_units = hidden_units
        self.hidden = tf.keras.layers.Dense(hidden_units, activation="relu")
        self.classifier = tf.keras.layers.Dense(num_classes)

    def call(self, inputs, training=False):
        x = tf.nn.dropout(self.hidden(inputs), keep_prob=0.8)
        return self.classifier(x)
