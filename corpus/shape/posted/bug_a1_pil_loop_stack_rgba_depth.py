# pattern: 10
# style: keras
# tf: 1.15
# source: https://github.com/ialhashim/DenseDepth/issues/128
# class: A1
# Images for depth prediction are loaded in a loop over files with PIL and np.asarray, then
# stacked; the test picture is a PNG with an alpha channel, so the batch has 4 channels.
import os
import tempfile

import numpy as np
from keras.layers import Conv2D, Input
from keras.models import Model
from PIL import Image

folder = tempfile.mkdtemp()
image_files = [os.path.join(folder, "28.png")]
Image.fromarray(np.random.randint(0, 255, size=(96, 128, 4), dtype=np.uint8), "RGBA").save(image_files[0])


def load_images(image_files):
    loaded_images = []
    for file in image_files:
        x = np.clip(np.asarray(Image.open(file), dtype=float) / 255, 0, 1)
        loaded_images.append(x)
    return np.stack(loaded_images, axis=0)


inputs = Input(shape=(None, None, 3))
depth = Conv2D(1, (3, 3), padding="same")(inputs)
model = Model(inputs, depth)

data = load_images(image_files)
predictions = model.predict(data, batch_size=1)  # expect: ST117
print(predictions.shape)
