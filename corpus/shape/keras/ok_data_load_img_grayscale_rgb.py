# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# The picture is loaded with color_mode="grayscale" (one channel) for a classifier of colour
# images, (64, 64, 3).
import os
import tempfile

import numpy as np
from PIL import Image
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.preprocessing import image

folder = tempfile.mkdtemp()
picture_path = os.path.join(folder, "sample.png")
Image.fromarray(np.random.randint(0, 255, size=(80, 70, 3), dtype=np.uint8)).save(picture_path)

model = keras.Sequential([
    keras.Input(shape=(64, 64, 3)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.Flatten(),
    layers.Dense(3, activation="softmax"),
])

picture = image.load_img(picture_path, target_size=(64, 64))
batch = np.expand_dims(image.img_to_array(picture) / 255.0, axis=0)
print(model.predict(batch))
