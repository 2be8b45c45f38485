# pattern: 8
# style: keras
# tf: 1.15
# source: https://github.com/ChunML/DeepLearning/issues/1
# class: A1
# A camera script prepares an OpenCV frame the way Theano-era code did: resized, scaled, then
# transposed to channels-first and given a batch axis, (1, 3, 224, 224); the model is
# channels-last, (224, 224, 3).
import os
import tempfile

import cv2
import numpy as np
from keras.layers import Conv2D, Dense, GlobalAveragePooling2D, Input
from keras.models import Model

folder = tempfile.mkdtemp()
photo_path = os.path.join(folder, "photo.jpg")
cv2.imwrite(photo_path, np.random.randint(0, 255, size=(600, 400, 3), dtype=np.uint8))

inputs = Input(shape=(224, 224, 3))
features = Conv2D(8, (3, 3), strides=(4, 4), activation="relu")(inputs)
scores = Dense(10, activation="softmax")(GlobalAveragePooling2D()(features))
model = Model(inputs, scores)

frame = cv2.imread(photo_path)
image = cv2.resize(frame, (224, 224))
image = image.astype("float32") / 255.0
image = np.expand_dims(image, axis=0)
preds = model.predict(image)
print(np.argmax(preds[0]))
