"""Hyperparameters shared by training and synthesis."""
import tensorflow as tf

# Default hyperparameters
hparams = tf.contrib.training.HParams(  # expect: ST401
    num_mels=16,
    outputs_per_step=2,
    embedding_dim=8,
    batch_size=4,
    max_iters=6,
)
