"""Train a Keras MLP classifier."""

import os

from data import load_data
from model import build_model


CONFIG = {"epochs": 1, "batch_size": 16, "input_dim": 32, "num_classes": 5, "samples": 128}
OUTPUT_DIR = "outputs"


def main():
    x_train, y_train, x_val, y_val = load_data(CONFIG["samples"], CONFIG["input_dim"], CONFIG["num_classes"])
    model = build_model(CONFIG["input_dim"], CONFIG["num_classes"])
    history = model.fit(x_train, y_train, validation_data=(x_val, y_val), epochs=CONFIG["epochs"], batch_size=CONFIG["batch_size"], verbose=2)
    loss, acc = model.evaluate(x_val, y_val, verbose=0)
    print("val loss %.4f, val acc %.4f" % (loss, acc))
    print("best val acc:", max(history.history["val_accuracy"]))
    os.makedirs(OUTPUT_DIR, exist_ok=True)
    model.save_weights(os.path.join(OUTPUT_DIR, "mlp.weights.h5"))


if __name__ == "__main__":
    main()
