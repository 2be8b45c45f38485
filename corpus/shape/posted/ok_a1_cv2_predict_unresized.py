# pattern: 9
# style: keras
# tf: 1.15
# source: https://github.com/keras-team/keras/issues/10955
# class: A1
# A binary classifier trained on 128x128 crops is asked about a photo read with cv2.imread;
# the photo goes to predict as it was read, (600, 400, 3): no resize, no batch axis.
import os
import tempfile

import cv2
import numpy as np
from keras.layers import Activation, Conv2D, Dense, Flatten, MaxPooling2D
from keras.models import Sequential

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "photo.jpg")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(600, 400, 3), dtype=np.uint8))

model = Sequential()
model.add(Conv2D(32, (3, 3), input_shape=(128, 128, 3)))
model.add(Activation("relu"))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Flatten())
model.add(Dense(1))
model.add(Activation("sigmoid"))
model.compile(loss="binary_crossentropy", optimizer="rmsprop")

image = cv2.imread(photo_path)
image = cv2.resize(image, (128, 128))
prediction = model.predict(np.expand_dims(image, axis=0))
print(prediction)
