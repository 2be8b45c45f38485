# pattern: 10
# style: keras
# tf: 1.15
# source: https://github.com/Oslandia/deeposlandia/issues/107
# class: A1
# A segmentation web app reads the uploaded tile with PIL; a PNG with transparency gives a
# 4-channel array, (400, 400, 4), and the model was built for RGB tiles.
import os
import tempfile

import numpy as np
from keras.layers import Conv2D, Input
from keras.models import Model
from PIL import Image

folder = tempfile.mkdtemp()
tile_path = os.path.join(folder, "tile.png")
Image.fromarray(np.random.randint(0, 255, size=(400, 400, 4), dtype=np.uint8), "RGBA").save(tile_path)

inputs = Input(shape=(400, 400, 3))
labels = Conv2D(4, (1, 1), activation="softmax")(inputs)
model = Model(inputs, labels)

tile = Image.open(tile_path)
x = np.array(tile) / 255.0
y = model.predict(np.expand_dims(x, axis=0))  # expect: ST117
print(y.shape)
