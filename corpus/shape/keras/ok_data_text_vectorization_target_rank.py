# pattern: 28
# style: keras
# tf: 2.15, 2.21
# Raw review strings go through TextVectorization and an Embedding into a two-unit softmax;
# the labels are class indices, (4,), but the loss is the one-hot categorical_crossentropy.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

reviews = np.array(["a good movie", "a bad movie", "great plot", "boring and slow"], dtype=object)
labels = np.array([1, 0, 1, 0])

vectorize = layers.TextVectorization(max_tokens=100, output_sequence_length=6)
vectorize.adapt(reviews)

inputs = keras.Input(shape=(1,), dtype="string")
x = layers.Embedding(101, 8)(vectorize(inputs))
x = layers.GlobalAveragePooling1D()(x)
outputs = layers.Dense(2, activation="softmax")(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(reviews, labels, epochs=1, verbose=0)
