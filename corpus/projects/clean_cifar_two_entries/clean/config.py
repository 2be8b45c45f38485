"""Experiment settings shared by training and evaluation."""

IMAGE_SIZE = 32
CHANNELS = 3
NUM_CLASSES = 10
BATCH_SIZE = 8
EPOCHS = 1
FILTERS = (8, 16)
CHECKPOINT = "cifar_small.weights.h5"
