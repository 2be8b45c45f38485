# pattern: 33
# style: keras
# A subclassed sequence classifier stacks two LSTMs; the first one only returns its last
# state, so the second LSTM is called on a 2-D tensor when the model first runs.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


class SequenceClassifier(keras.Model):
    def __init__(self, units=32, num_classes=3):
        super().__init__()
        self.encoder = layers.LSTM(units, return_sequences=True)
        self.refiner = layers.LSTM(units // 2)
        self.head = layers.Dense(num_classes, activation="softmax")

    def call(self, sequences):
        x = self.encoder(sequences)
        x = self.refiner(x)
        return self.head(x)


rng = np.random.default_rng(6)
sequences = rng.normal(size=(24, 15, 4)).astype("float32")
labels = rng.integers(0, 3, size=24)
model = SequenceClassifier()
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(sequences, labels, epochs=1, batch_size=8, verbose=0)
