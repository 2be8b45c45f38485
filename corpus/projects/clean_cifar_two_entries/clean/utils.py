"""Small helpers used by both scripts (imported with a star)."""
import numpy as np


def one_hot(labels, num_classes):
    return np.eye(num_classes, dtype="float32")[labels]


def normalise(images):
    return (images.astype("float32") - 127.5) / 127.5


def report(name, values):
    print("%s: %s" % (name, ", ".join("%.3f" % v for v in values)))
