# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# A subclassed MLP for 28x28 digits forgets to flatten its input in call(), so it predicts a
# class distribution per image row: (batch, 28, 10) against one label per image.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


class DigitMLP(keras.Model):
    def __init__(self, hidden=64, num_classes=10):
        super().__init__()
        self.flatten = layers.Flatten()
        self.hidden = layers.Dense(hidden, activation="relu")
        self.dropout = layers.Dropout(0.2)
        self.classifier = layers.Dense(num_classes, activation="softmax")

    def call(self, inputs, training=False):
        x = self.hidden(inputs)
        x = self.dropout(x, training=training)
        return self.classifier(x)


rng = np.random.default_rng(0)
images = rng.random((32, 28, 28)).astype("float32")
digits = rng.integers(0, 10, size=32)
model = DigitMLP()
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(images, digits, epochs=1, batch_size=8, verbose=0)  # expect: ST118
