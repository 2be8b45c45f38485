"""Run-time settings: train.py fills in NUM_FEATURES from the data before building the network."""

NUM_FEATURES = None
HIDDEN = 16
NUM_CLASSES = 3
EPOCHS = 1
