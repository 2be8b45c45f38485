# device-memory: 141GiB
# bytes: 4992
# Fixed: Embedding(29 + 10, 32): 39 * 32 float32 weights = 4,992 bytes.
import tensorflow as tf

VOCAB = 29
model = tf.keras.Sequential([
    tf.keras.Input(shape=(8,)),
    tf.keras.layers.Embedding(VOCAB + 10, 32),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.summary()
