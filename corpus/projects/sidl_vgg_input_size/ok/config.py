"""Sizes shared by the input pipeline and the networks under cnn_models/."""

IMAGE_WIDTH = 224
IMAGE_HEIGHT = 224
NUM_CHANNELS = 3
NUM_LABELS = 5
BATCH_SIZE = 2
LEARNING_RATE = 0.001
STEPS = 1
