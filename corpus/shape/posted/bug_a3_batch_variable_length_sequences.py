# pattern: 32
# style: keras
# tf: 2.15
# source: https://github.com/tensorflow/tensorflow/issues/41298
# class: A3
# Token sequences of different lengths come out of a generator dataset and are grouped with
# Dataset.batch, which stacks elements and needs them all the same shape; padded_batch pads.
import numpy as np
import tensorflow as tf

sentences = [[3, 7, 1], [4, 2, 9, 9, 5], [8, 1], [6, 6, 2, 4]]
targets = [1, 0, 1, 0]


def examples():
    for tokens, target in zip(sentences, targets):
        yield np.array(tokens, dtype=np.int32), target


dataset = tf.data.Dataset.from_generator(
    examples, output_types=(tf.int32, tf.int32), output_shapes=([None], []))
dataset = dataset.batch(2)

model = tf.keras.Sequential([
    tf.keras.layers.Embedding(10, 8),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(dataset, epochs=1, verbose=0)  # expect: ST108
