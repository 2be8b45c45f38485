"""Run settings; train.py overwrites the feature count with the one the data has."""

NUM_FEATURES = 60
MAX_TIME = 20
NUM_CLASSES = 28
NUM_HIDDEN = 32
BATCH_SIZE = 4
