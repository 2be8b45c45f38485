# pattern: 10
# style: keras
# tf: 2.15
# source: https://github.com/keras-team/keras/issues/16347
# class: A1
# A hand-sign recogniser trained on 256x256 grayscale crops: the webcam region is converted
# with cvtColor, blurred, thresholded and resized to 128x128 before predict.
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
    keras.Input(shape=(256, 256, 1)),
    layers.Conv2D(8, 5, strides=4, activation="relu"),
    layers.GlobalMaxPooling2D(),
    layers.Dense(10, activation="softmax"),
])

frame = cv2.imread(photo_path)
roi = frame[100:400, 50:350]
gray = cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY)
blurred = cv2.GaussianBlur(gray, (5, 5), 2)
_, final_image = cv2.threshold(blurred, 70, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
final_image = cv2.resize(final_image, (128, 128))
final_image = np.reshape(final_image, (1, final_image.shape[0], final_image.shape[1], 1))
pred = model.predict(final_image, verbose=0)  # expect: ST117
print(int(np.argmax(pred)))
