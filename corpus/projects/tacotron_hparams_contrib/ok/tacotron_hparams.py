"""Hyperparameters shared by training and synthesis."""
import types

# Default hyperparameters
hparams = types.SimpleNamespace(
    num_mels=16,
    outputs_per_step=2,
    embedding_dim=8,
    batch_size=4,
    max_iters=6,
)
