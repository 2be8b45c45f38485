# pattern: clean
# style: keras
# tf: 2.15, 2.21
# A custom additive (Bahdanau-style) attention pooling layer over GRU outputs, next to the
# built-in keras MultiHeadAttention self-attention; the attention weights are exposed through
# a second model so they can be inspected.
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

SEQ_LEN = 12
VOCAB = 200
EMB = 16


class AttentionPooling(layers.Layer):
    """score_t = v . tanh(W h_t + b); context = sum_t softmax(score)_t h_t."""

    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        dim = input_shape[-1]
        self.W = self.add_weight(name="W", shape=(dim, self.units), initializer="glorot_uniform")
        self.b = self.add_weight(name="b", shape=(self.units,), initializer="zeros")
        self.v = self.add_weight(name="v", shape=(self.units, 1), initializer="glorot_uniform")

    def call(self, hidden_states):
        scores = tf.tensordot(tf.tanh(tf.tensordot(hidden_states, self.W, axes=1) + self.b),
                              self.v, axes=1)             # [batch, time, 1]
        weights = tf.nn.softmax(scores, axis=1)
        context = tf.reduce_sum(weights * hidden_states, axis=1)
        return context, tf.squeeze(weights, -1)


tokens = keras.Input(shape=(SEQ_LEN,), dtype="int32")
x = layers.Embedding(VOCAB, EMB)(tokens)
x = layers.MultiHeadAttention(num_heads=2, key_dim=8)(x, x)
x = layers.LayerNormalization()(x)
states = layers.GRU(20, return_sequences=True)(x)
context, attn = AttentionPooling(10, name="attn_pool")(states)
output = layers.Dense(1, activation="sigmoid")(context)

classifier = keras.Model(tokens, output)
inspector = keras.Model(tokens, attn)
classifier.compile(optimizer="adam", loss="binary_crossentropy")

rng = np.random.RandomState(77)
ids = rng.randint(0, VOCAB, size=(24, SEQ_LEN)).astype("int32")
target = (ids[:, 0] > VOCAB // 2).astype("float32")
classifier.fit(ids, target, epochs=1, batch_size=8, verbose=0)

weights = inspector.predict(ids[:3], verbose=0)
print("attention weights", weights.shape, "rows sum to", weights.sum(axis=1))
print("most attended positions", weights.argmax(axis=1))
