# pattern: 11
# style: keras
# tf: 1.15, 2.15, 2.21
# A news-topic classifier over bag-of-words vectors: the labels are class indices but the
# model is compiled with categorical_crossentropy, which wants one-hot targets.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

VOCAB = 1000
TOPICS = 4


def vectorize(docs, dimension=VOCAB):
    results = np.zeros((len(docs), dimension), dtype="float32")
    for i, words in enumerate(docs):
        results[i, words] = 1.0
    return results


rng = np.random.default_rng(3)
docs = [rng.integers(0, VOCAB, size=20) for _ in range(40)]
x_train = vectorize(docs)
y_train = rng.integers(0, TOPICS, size=40)

model = keras.Sequential()
model.add(layers.Input(shape=(VOCAB,)))
model.add(layers.Dense(32, activation="relu"))
model.add(layers.Dense(TOPICS, activation="softmax"))
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x_train, y_train, epochs=1, batch_size=8, verbose=0)  # expect: ST118
print(history.history["loss"])
