"""Train a Keras MLP classifier."""

import os

import numpy as np
import tensorflow as tf

from model import build_model

print("TensorFlow version:", tf.__version__)


def load_data(num_samples, input_dim, num_classes, seed=0):
    rng = np.random.default_rng(seed)
    features = rng.normal(size=(num_samples, input_dim)).astype("float32")
    labels = rng.integers(0, num_classes, size=num_samples)
    split = int(num_samples * 0.8)
    return (features[:split], labels[:split]), (features[split:], labels[split:])


CONFIG = {"epochs": 2, "batch_size": 32, "input_dim": 10, "num_classes": 3, "samples": 160}
OUTPUT_DIR = "artifacts"


def main():
    (x_train, y_train), (x_val, y_val) = load_data(CONFIG["samples"], CONFIG["input_dim"], CONFIG["num_classes"])
    model = build_model(CONFIG["input_dim"], CONFIG["num_classes"])
    history = model.fit(x_train, y_train, validation_data=(x_val, y_val), epochs=CONFIG["epochs"], batch_size=CONFIG["batch_size"], verbose=2)
    loss, acc = model.evaluate(x_val, y_val, verbose=0)
    print("val loss %.4f, val acc %.4f" % (loss, acc))
    print("best val acc:", max(history.history["val_accuracy"]))
    os.makedirs(OUTPUT_DIR, exist_ok=True)
    model.save_weights(os.path.join(OUTPUT_DIR, "mlp.weights.h5"))


if __name__ == "__main__":
    main()
