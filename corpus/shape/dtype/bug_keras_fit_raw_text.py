# pattern: dtype
# style: keras
# tf: 1.15, 2.15, 2.21
# The texts themselves are passed to fit instead of their features.
import numpy as np
import tensorflow as tf

TEXTS = ["good", "bad", "great", "awful"]
targets = np.array([1.0, 0.0, 1.0, 0.0], dtype=np.float32)
model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid", input_shape=(1,))])
model.compile(optimizer="sgd", loss="binary_crossentropy")
model.fit(np.array(TEXTS), targets, epochs=1, batch_size=2, verbose=0)  # expect: ST144
