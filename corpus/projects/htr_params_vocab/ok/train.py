"""Build and train the recogniser with the parameters from config.py."""
import numpy as np

import config
from model.Model import Model

if __name__ == "__main__":
    model = Model(config.MODEL)
    model.build()
    height, width, _ = config.MODEL["input_img_shape"]
    images = np.random.rand(8, height, width, 1).astype("float32")
    labels = np.random.randint(0, len(config.CHARS), (8, height // 2))
    model.fit(images, labels)
