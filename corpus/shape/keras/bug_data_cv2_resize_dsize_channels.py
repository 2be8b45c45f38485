# pattern: 23
# style: keras
# tf: 2.15, 2.21
# The target size is written as the model's input shape, channels included; cv2.resize takes
# (width, height) only and refuses a third entry.
import os
import tempfile

import cv2
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

IMAGE_SHAPE = (96, 96, 3)
folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "leaf.jpg")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(300, 200, 3), dtype=np.uint8))

model = keras.Sequential([
    keras.Input(shape=IMAGE_SHAPE),
    layers.Conv2D(8, 3, strides=2, activation="relu"),
    layers.GlobalMaxPooling2D(),
    layers.Dense(4, activation="softmax"),
])

leaf = cv2.imread(photo_path)
leaf = cv2.resize(leaf, IMAGE_SHAPE)  # expect: ST122
print(model.predict(leaf[np.newaxis].astype("float32") / 255.0, verbose=0))
