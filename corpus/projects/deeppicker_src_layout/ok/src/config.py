"""Sizes of the particle picker."""

PATCH_SIZE = 16
BATCH_SIZE = 10
MODEL_INPUT_SIZE = [None, PATCH_SIZE, PATCH_SIZE, 1]
NUM_CLASSES = 2
