"""Values filled in at run time by train.py (placeholders until then)."""

NUM_FEATURES = None
NUM_CLASSES = 3
HIDDEN = 16
