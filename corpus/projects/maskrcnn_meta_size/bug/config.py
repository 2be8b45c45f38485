"""Base configuration; subclass it and override what differs for a dataset."""


class Config(object):
    NAME = None
    IMAGES_PER_GPU = 2
    NUM_CLASSES = 1  # background only; override
    IMAGE_DIM = 32
    STEPS_PER_EPOCH = 1

    def __init__(self):
        self.BATCH_SIZE = self.IMAGES_PER_GPU
        self.IMAGE_SHAPE = [self.IMAGE_DIM, self.IMAGE_DIM, 3]
        # image id, original shape, image shape, window, scale, active class ids
        self.IMAGE_META_SIZE = 1 + 3 + 3 + 4 + 1 + self.NUM_CLASSES
