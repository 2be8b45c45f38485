"""A decoder reduced to a dense projection of embedded characters to mel frames."""
import tensorflow as tf

from tacotron_hparams import hparams


def build_model(vocab_size):
    inputs = tf.keras.Input(shape=(None,), dtype="int32")
    x = tf.keras.layers.Embedding(vocab_size, hparams.embedding_dim)(inputs)
    outputs = tf.keras.layers.Dense(hparams.num_mels * hparams.outputs_per_step)(x)
    return tf.keras.Model(inputs, outputs)
