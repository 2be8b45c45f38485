# pattern: 17
# style: keras
# tf: 2.15
# source: https://github.com/tensorflow/tensorflow/issues/32912
# class: A3
# A generator dataset declared with output_types only: its elements have unknown rank, so the
# model, built on the first batch it sees, cannot infer the input shape of its Dense layers.
import numpy as np
import tensorflow as tf


def pairs():
    for i in range(8):
        yield np.random.rand(6).astype("float32"), i % 2


dataset = tf.data.Dataset.from_generator(pairs, output_types=(tf.float32, tf.int32),
                                         output_shapes=([6], []))
dataset = dataset.batch(4)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(dataset, epochs=1, verbose=0)
