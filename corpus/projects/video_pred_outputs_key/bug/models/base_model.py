"""Losses shared by the video prediction models; subclasses provide the generator."""
import tensorflow as tf


class VideoPredictionModel(object):
    def __init__(self, hparams):
        self.hparams = hparams

    def generator_fn(self, inputs):
        raise NotImplementedError

    def generator_loss_fn(self, inputs, outputs):
        losses = {}
        losses["l1"] = tf.reduce_mean(tf.abs(inputs["images"][:, 1:] - outputs["gen_images"]))
        if self.hparams["state_weight"]:
            gen_states = outputs.get("gen_states_enc", outputs["gen_states"])  # expect: ST150
            losses["state"] = tf.reduce_mean(tf.square(inputs["states"][:, 1:] - gen_states))
        return losses

    def build_graph(self, inputs):
        outputs = self.generator_fn(inputs)
        losses = self.generator_loss_fn(inputs, outputs)
        return outputs, tf.add_n(list(losses.values()))
