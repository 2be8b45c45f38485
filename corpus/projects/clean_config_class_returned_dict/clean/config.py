"""Base configuration and the experiment's subclass."""


class Config(object):
    IMAGE_SIZE = 16
    NUM_CLASSES = 1
    BATCH_SIZE = 2

    def __init__(self):
        self.IMAGE_SHAPE = [self.IMAGE_SIZE, self.IMAGE_SIZE, 3]
        self.FLAT_SIZE = (self.IMAGE_SIZE // 4) * (self.IMAGE_SIZE // 4) * 8


class ShapesConfig(Config):
    NUM_CLASSES = 4
