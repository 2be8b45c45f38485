"""Evaluate the classifier (with the saved weights when present)."""
import os

import config
from data import load_split
from models import build_model
from utils import *

if __name__ == "__main__":
    x_test, y_test = load_split(16, seed=1)
    model = build_model()
    if os.path.exists(config.CHECKPOINT):
        model.load_weights(config.CHECKPOINT)
    loss, accuracy = model.evaluate(x_test, y_test, batch_size=config.BATCH_SIZE, verbose=0)
    report("test", [loss, accuracy])
    predictions = model.predict(x_test[:4], verbose=0)
    print(predictions.argmax(axis=1))
