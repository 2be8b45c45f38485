# pattern: dtype
# style: keras
# tf: 2.15
# source: https://github.com/zhen8838/Circle-Loss/pull/2
# class: A4
# A custom loss multiplies y_true by terms of y_pred; the one-hot labels are an int32 array,
# Keras passes them through as int32, and the product with the float32 predictions fails.
import numpy as np
import tensorflow as tf
from tensorflow import keras


class CircleLoss(keras.losses.Loss):
    def __init__(self, gamma=64, margin=0.25):
        super().__init__()
        self.gamma = gamma
        self.margin = margin

    def call(self, y_true, y_pred):
        alpha_p = tf.nn.relu(1 + self.margin - tf.stop_gradient(y_pred))
        alpha_n = tf.nn.relu(tf.stop_gradient(y_pred) + self.margin)
        y_true = tf.cast(y_true, y_pred.dtype)
        logits = (y_true * (alpha_p * (y_pred - 1 + self.margin))
                  + (1 - y_true) * (alpha_n * (y_pred - self.margin))) * self.gamma
        return tf.reduce_logsumexp(logits, axis=-1)


features = np.random.rand(32, 16).astype("float32")
labels = np.eye(4, dtype="int32")[np.random.randint(0, 4, 32)]
model = keras.Sequential([keras.Input(shape=(16,)), keras.layers.Dense(4)])
model.compile(optimizer="adam", loss=CircleLoss())
model.fit(features, labels, epochs=1, batch_size=8, verbose=0)
