# pattern: 9
# style: keras
# tf: 1.15, 2.15, 2.21
# A small image classifier is trained, then asked about one photo; the photo is passed as a
# (64, 64, 3) array without the batch axis, so predict slices it into rows of 64x3 pixels.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

IMAGE_SIZE = 64
CLASS_NAMES = ["cat", "dog", "bird"]


def build_classifier():
    model = keras.Sequential([
        keras.Input(shape=(IMAGE_SIZE, IMAGE_SIZE, 3)),
        layers.Conv2D(8, 3, activation="relu"),
        layers.MaxPooling2D(),
        layers.Conv2D(16, 3, activation="relu"),
        layers.GlobalAveragePooling2D(),
        layers.Dense(len(CLASS_NAMES), activation="softmax"),
    ])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return model


rng = np.random.default_rng(0)
images = rng.random((12, IMAGE_SIZE, IMAGE_SIZE, 3)).astype("float32")
labels = rng.integers(0, len(CLASS_NAMES), size=12)
model = build_classifier()
model.fit(images, labels, epochs=1, batch_size=4, verbose=0)

photo = rng.random((IMAGE_SIZE, IMAGE_SIZE, 3)).astype("float32")
scores = model.predict(photo, verbose=0)  # expect: ST117
print("predicted:", CLASS_NAMES[int(np.argmax(scores[0]))])
