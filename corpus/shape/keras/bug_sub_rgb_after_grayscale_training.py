# pattern: 10
# style: keras
# A subclassed CNN is trained on grayscale images; at inference the same pipeline loads
# colour images, and the first convolution, built for 1 channel, receives 3.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


class SmallCNN(keras.Model):
    def __init__(self, num_classes):
        super().__init__()
        self.conv1 = layers.Conv2D(8, 3, activation="relu")
        self.pool = layers.MaxPooling2D()
        self.conv2 = layers.Conv2D(16, 3, activation="relu")
        self.gap = layers.GlobalAveragePooling2D()
        self.out = layers.Dense(num_classes)

    def call(self, images):
        x = self.conv1(images)  # expect: ST117
        x = self.pool(x)
        x = self.conv2(x)
        return self.out(self.gap(x))


def load_batch(n, channels, seed):
    rng = np.random.default_rng(seed)
    return rng.random((n, 32, 32, channels)).astype("float32")


model = SmallCNN(num_classes=5)
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
train_images = load_batch(16, channels=1, seed=0)
train_labels = np.random.default_rng(0).integers(0, 5, size=16)
model.fit(train_images, train_labels, epochs=1, batch_size=8, verbose=0)

new_images = load_batch(4, channels=3, seed=1)
logits = model.predict(new_images, verbose=0)
print(logits.argmax(axis=1))
