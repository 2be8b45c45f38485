# pattern: 26
# style: keras
# tf: 1.15, 2.15, 2.21
# A grayscale digit model is queried with one stored sample; the flat 784-value sample is
# reshaped as if it had three colour channels.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

model = keras.Sequential([
    keras.Input(shape=(28, 28, 1)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.Flatten(),
    layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")

rng = np.random.default_rng(5)
train_images = rng.random((16, 28, 28, 1)).astype("float32")
train_labels = rng.integers(0, 10, size=16)
model.fit(train_images, train_labels, epochs=1, verbose=0)

stored_sample = rng.random(784).astype("float32")
query = stored_sample.reshape(1, 28, 28, 3)  # expect: ST104
print(model.predict(query, verbose=0).argmax())
