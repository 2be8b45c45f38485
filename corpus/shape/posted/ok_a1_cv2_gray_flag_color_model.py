# pattern: 10
# style: keras
# tf: 2.15
# source: https://github.com/keras-team/keras/issues/14220
# class: A1
# A colour classifier (input (64, 64, 3)) gets an image read with cv2.imread(path, 0): flag 0
# reads it as grayscale, (h, w), so the reshaped batch is (1, 64, 64, 1).
import os
import tempfile

import cv2
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "photo.jpg")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(600, 400, 3), dtype=np.uint8))

model = keras.Sequential([
    keras.Input(shape=(64, 64, 3)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.GlobalAveragePooling2D(),
    layers.Dense(2, activation="softmax"),
])

image = cv2.imread(photo_path, cv2.IMREAD_COLOR)
image = cv2.resize(image, (64, 64))
batch = image.reshape(1, 64, 64, 3)
scores = model.predict(batch, verbose=0)
print(scores)
