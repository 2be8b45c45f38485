# device-memory: 141GiB
# bytes: 3712000000000
# The vocabulary size is multiplied where it should be added: an Embedding(29 * 10**9, 32)
# has 928,000,000,000 float32 weights = 3,712,000,000,000 bytes (3457.1 GiB), reported where
# Keras builds the layer.  Not run by the oracle: it would allocate that.
import tensorflow as tf

VOCAB = 29
model = tf.keras.Sequential([  # expect: ST205
    tf.keras.Input(shape=(8,)),
    tf.keras.layers.Embedding(VOCAB * 10**9, 32),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.summary()
