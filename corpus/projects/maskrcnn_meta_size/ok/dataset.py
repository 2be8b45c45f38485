"""A registry of classes and images, with the image meta the model reads beside each image."""
import numpy as np


class Dataset(object):
    def __init__(self):
        self.class_info = [{"id": 0, "name": "BG"}]
        self.image_ids = []

    def add_class(self, class_id, class_name):
        self.class_info.append({"id": class_id, "name": class_name})

    def add_image(self, image_id):
        self.image_ids.append(image_id)

    @property
    def num_classes(self):
        return len(self.class_info)


def compose_image_meta(image_id, original_shape, image_shape, window, scale, active_class_ids):
    return np.array([image_id] + list(original_shape) + list(image_shape) + list(window) + [scale]
                    + list(active_class_ids))


def load_batch(dataset, config):
    images, metas = [], []
    for image_id in dataset.image_ids[:config.BATCH_SIZE]:
        image = np.random.rand(*config.IMAGE_SHAPE)
        active = np.ones([dataset.num_classes], dtype=np.int32)
        meta = compose_image_meta(image_id, image.shape, image.shape, (0, 0, config.IMAGE_DIM, config.IMAGE_DIM),
                                  1.0, active)
        images.append(image)
        metas.append(meta)
    return np.stack(images), np.stack(metas)
