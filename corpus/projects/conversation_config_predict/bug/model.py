"""A sequence-to-sequence encoder with a decoder head, sized by config.PARAMS."""
import tensorflow as tf

import config


class Seq2Seq(object):
    def __init__(self, mode):
        self.mode = mode

    def _build_embed(self, inputs):
        vocab_size = config.PARAMS["data"]["vocab_size"]
        embed_dim = config.PARAMS["model"]["embed_dim"]
        embedding = tf.get_variable("embedding", [vocab_size, embed_dim])
        return tf.nn.embedding_lookup(embedding, inputs)

    def _build_encoder(self, embedded):
        cell = tf.nn.rnn_cell.GRUCell(config.PARAMS["model"]["num_units"])
        outputs, state = tf.nn.dynamic_rnn(cell, embedded, dtype=tf.float32)
        beam_width = config.PARAMS["predict"].get("beam_width", 0)  # expect: ST150
        if beam_width > 0:
            state = tf.contrib.seq2seq.tile_batch(state, multiplier=beam_width)
        return outputs, state

    def build_graph(self, inputs, targets):
        outputs, _ = self._build_encoder(self._build_embed(inputs))
        w = tf.get_variable("projection", [config.PARAMS["model"]["num_units"], config.PARAMS["data"]["vocab_size"]])
        logits = tf.tensordot(outputs, w, axes=1)
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=logits))
