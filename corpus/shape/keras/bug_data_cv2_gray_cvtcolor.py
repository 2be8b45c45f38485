# pattern: 10
# style: keras
# tf: 2.15, 2.21
# A photo read with cv2.imread(path, 0) is already grey, (h, w); converting it again with
# COLOR_BGR2GRAY asks OpenCV for a 3- or 4-channel source and it refuses.
import os
import tempfile

import cv2
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "scan.png")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(120, 90, 3), dtype=np.uint8))

model = keras.Sequential([
    keras.Input(shape=(48, 48, 1)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.GlobalAveragePooling2D(),
    layers.Dense(7, activation="softmax"),
])

image = cv2.imread(photo_path, 0)
gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)  # expect: ST130
face = cv2.resize(gray, (48, 48)).astype("float32") / 255.0
print(model.predict(face.reshape(1, 48, 48, 1), verbose=0).shape)
