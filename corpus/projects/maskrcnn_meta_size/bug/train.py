"""Train the toy detector on the shapes dataset."""
import numpy as np

import dataset as ds
import model as modellib
from config import Config


class ShapesConfig(Config):
    NAME = "shapes"
    NUM_CLASSES = 1 + 6  # background + 6 shapes


class ShapesDataset(ds.Dataset):
    def load_shapes(self, count):
        self.add_class(1, "square")
        self.add_class(2, "circle")
        self.add_class(3, "triangle")
        for image_id in range(count):
            self.add_image(image_id)


config = ShapesConfig()
dataset_train = ShapesDataset()
dataset_train.load_shapes(4)

model = modellib.build(config)
images, metas = ds.load_batch(dataset_train, config)
targets = np.ones((len(images), 1))
model.fit([images, metas], targets, batch_size=config.BATCH_SIZE, epochs=1, verbose=2)  # expect: ST117
