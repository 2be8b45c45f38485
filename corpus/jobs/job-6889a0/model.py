"""Autoencoder with raw variables."""

import tensorflow as tf


class AutoEncoder:
    def __init__(self, dim, code_size):
        init = tf.random_normal_initializer(stddev=0.1)
        self.encoder_w = tf.Variable(init([dim, code_size]), name="encoder_w")
        self.decoder_w = tf.Variable(init([code_size, dim]), name="decoder_w")
        self.bias = tf.Variable(tf.zeros([dim]), name="bias")

    @property
    def variables(self):
        return [self.encoder_w, self.decoder_w, self.bias]

    def encode(self, x):
        return tf.nn.tanh(tf.matmul(x, self.encoder_w))

    def decode(self, code):
        return tf.matmul(code, self.decoder_w) + self.bias

    def reconstruct(self, x):
        return self.decode(self.encode(x))
