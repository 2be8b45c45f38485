"""Model and training settings, read by key in model.py and train.py."""

MODEL = {
    "vocab_size": 30,
    "embed_dim": 8,
    "units": 16,
    "num_classes": 4,
}
TRAIN = {"batch_size": 4, "epochs": 1, "learning_rate": 0.01}
