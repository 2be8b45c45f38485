# pattern: 11
# style: keras
# tf: 2.15, 2.21
# A subclassed tabular classifier uses CategoricalCrossentropy, but its targets are the raw
# integer class ids.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


class TabularNet(keras.Model):
    def __init__(self, n_classes):
        super().__init__()
        self.blocks = [layers.Dense(32, activation="relu"), layers.Dense(32, activation="relu")]
        self.norm = layers.BatchNormalization()
        self.logits = layers.Dense(n_classes)

    def call(self, x, training=False):
        for block in self.blocks:
            x = block(x)
        x = self.norm(x, training=training)
        return self.logits(x)


N_CLASSES = 4
rng = np.random.default_rng(8)
features = rng.normal(size=(40, 10)).astype("float32")
classes = keras.utils.to_categorical(rng.integers(0, N_CLASSES, size=40), N_CLASSES)

model = TabularNet(N_CLASSES)
model.compile(optimizer=keras.optimizers.Adam(1e-3),
              loss=keras.losses.CategoricalCrossentropy(from_logits=True))
model.fit(features, classes, epochs=1, batch_size=8, verbose=0)
