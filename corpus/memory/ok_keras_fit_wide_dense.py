# device-memory: 16GiB
# bytes: 810594344
# Fixed: 1024 hidden units: 65536 * 1024 + 1024 + 1024 * 10 + 10 = 67,120,138 float32
# parameters (268,480,552 bytes) plus 131072 * (1024 + 10) * 4 = 542,113,792 bytes of outputs.
import numpy as np
import tensorflow as tf

WIDTH = 65536
model = tf.keras.Sequential([
    tf.keras.Input(shape=(WIDTH,)),
    tf.keras.layers.Dense(1024, activation="relu"),
    tf.keras.layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
x = np.zeros((262144, WIDTH), dtype=np.float32)
y = np.zeros((262144,), dtype=np.int64)
model.fit(x, y, batch_size=131072, epochs=1)
