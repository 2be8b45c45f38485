# device-memory: 16GiB
# bytes: 25776488488
# A Dense layer of 32768 units on 65536-wide inputs, trained in batches of 131072: parameters
# 65536 * 32768 + 32768 + 32768 * 10 + 10 = 2,147,844,106 float32 (8,591,376,424 bytes, which alone
# fit) plus one batch's outputs 131072 * (32768 + 10) * 4 = 17,185,112,064 bytes: 25,776,488,488 bytes
# at least (24.0 GiB) on a 16 GiB GPU.  Not run by the oracle: it would allocate that.
import numpy as np
import tensorflow as tf

WIDTH = 65536
model = tf.keras.Sequential([
    tf.keras.Input(shape=(WIDTH,)),
    tf.keras.layers.Dense(32768, activation="relu"),
    tf.keras.layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
x = np.zeros((262144, WIDTH), dtype=np.float32)
y = np.zeros((262144,), dtype=np.int64)
model.fit(x, y, batch_size=131072, epochs=1)  # expect: ST205
