# pattern: 9
# style: keras
# tf: 1.15
# source: https://github.com/keras-team/keras/issues/12596
# class: A1
# An OpenCV image is resized, scaled, passed through img_to_array and given a batch axis,
# then given another one "to add one dimension": (1, 1, 224, 224, 3) into a 4-D model.
import os
import tempfile

import cv2
import numpy as np
from keras.layers import Conv2D, Dense, GlobalAveragePooling2D
from keras.models import Sequential
from keras.preprocessing import image

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "photo.jpg")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(600, 400, 3), dtype=np.uint8))

model = Sequential([
    Conv2D(8, (3, 3), strides=(4, 4), activation="relu", input_shape=(224, 224, 3)),
    GlobalAveragePooling2D(),
    Dense(2, activation="softmax"),
])

r = cv2.imread(photo_path, 1)
r = cv2.resize(r, (224, 224))
r = r.astype("float") / 255.0
r = image.img_to_array(r)
r = np.expand_dims(r, axis=0)
ry = np.expand_dims(r, axis=1)
(not_santa, santa) = model.predict(ry)[0]  # expect: ST117
print(not_santa, santa)
