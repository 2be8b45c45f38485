"""The experiment's settings, one section per stage (read by model.py and main.py)."""

PARAMS = {
    "data": {"vocab_size": 50, "max_seq_length": 6},
    "model": {"embed_dim": 8, "num_units": 16, "cell_type": "GRU"},
    "train": {"batch_size": 2, "learning_rate": 0.01, "train_steps": 1},
}
