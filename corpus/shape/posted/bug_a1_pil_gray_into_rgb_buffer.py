# pattern: 10
# style: keras
# tf: 2.15
# source: https://github.com/googlecreativelab/teachablemachine-community/issues/95
# class: A1
# The exported Keras snippet fills a (1, 224, 224, 3) buffer from a PIL image; the picture is a
# grayscale JPEG (mode "L"), so np.asarray gives (224, 224) and the copy cannot broadcast.
import os
import tempfile

import numpy as np
from PIL import Image, ImageOps
from tensorflow import keras
from tensorflow.keras import layers

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "headphones.jpg")
gray = np.random.randint(0, 255, size=(53, 53), dtype=np.uint8)
Image.fromarray(gray, "L").save(photo_path)

model = keras.Sequential([
    keras.Input(shape=(224, 224, 3)),
    layers.Conv2D(4, 7, strides=4, activation="relu"),
    layers.GlobalAveragePooling2D(),
    layers.Dense(2, activation="softmax"),
])

data = np.ndarray(shape=(1, 224, 224, 3), dtype=np.float32)
image = Image.open(photo_path)
image = ImageOps.fit(image, (224, 224), Image.NEAREST)
image_array = np.asarray(image)
normalized_image_array = (image_array.astype(np.float32) / 127.0) - 1
data[0] = normalized_image_array  # expect: ST103
prediction = model.predict(data, verbose=0)
print(prediction)
