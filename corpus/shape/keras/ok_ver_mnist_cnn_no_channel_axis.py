# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# A digit CNN declared for (28, 28, 1) images is trained on the (n, 28, 28) arrays as they
# were loaded.  TensorFlow 1.15's Keras checks every input array's rank before training;
# Keras 2.15 and 3 give an array one axis short of a trailing 1 that axis, so it runs there.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(0)
images = rng.integers(0, 256, size=(64, 28, 28, 1)).astype("float32") / 255.0
digits = rng.integers(0, 10, size=64)

model = keras.Sequential([
    layers.Conv2D(8, 3, activation="relu", input_shape=(28, 28, 1)),
    layers.MaxPooling2D(2),
    layers.Flatten(),
    layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(images, digits, epochs=1, batch_size=16, verbose=0)
print(model.predict(images[:2]).argmax(axis=1))
