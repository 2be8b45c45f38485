# pattern: 9
# style: keras
# tf: 1.15
# source: https://github.com/keras-team/keras/issues/7194
# class: A1
# The test picture is "loaded" with np.array(path): that makes a 0-d array holding the path
# string, not the image, and predict gets an array of shape () for a 4-D input.
import os
import tempfile

import numpy as np
from keras.layers import Conv2D, Dense, Flatten, MaxPooling2D
from keras.models import Sequential
from keras.preprocessing.image import img_to_array, load_img
from PIL import Image

folder = tempfile.mkdtemp()
image_path = os.path.join(folder, "testvalidate.jpg")
Image.fromarray(np.random.randint(0, 255, size=(200, 180, 3), dtype=np.uint8)).save(image_path)

model = Sequential([
    Conv2D(16, (3, 3), activation="relu", input_shape=(150, 150, 3)),
    MaxPooling2D(pool_size=(2, 2)),
    Flatten(),
    Dense(1, activation="sigmoid"),
])
model.compile(loss="binary_crossentropy", optimizer="rmsprop")

im = np.array(image_path)
prediction = model.predict(im)  # expect: ST117
print(prediction)
