# pattern: 10
# style: keras
# tf: 2.15
# source: https://github.com/imfing/keras-flask-deploy-webapp/issues/23
# class: A1
# A web app opens the uploaded picture with PIL and turns it into an array with img_to_array;
# the upload is a PNG with an alpha channel, so the array is (28, 28, 4) against a model
# trained on RGB.
import os
import tempfile

import numpy as np
from PIL import Image
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.preprocessing import image as keras_image

folder = tempfile.mkdtemp()
upload_path = os.path.join(folder, "upload.png")
rgba = np.random.randint(0, 255, size=(90, 60, 4), dtype=np.uint8)
Image.fromarray(rgba, "RGBA").save(upload_path)

model = keras.Sequential([
    keras.Input(shape=(28, 28, 3)),
    layers.Conv2D(16, 3, activation="relu"),
    layers.Flatten(),
    layers.Dense(2, activation="softmax"),
])

img = Image.open(upload_path)
img = img.convert('RGB').resize((28, 28))
x = keras_image.img_to_array(img)
x = np.expand_dims(x, axis=0)
nt, weapon = model.predict(x, verbose=0)[0]
print(nt, weapon)
