# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A model of four joint angles is trained on (n, 4) targets, then evaluated against only
# the first angle, kept as an (n, 1) column.  TensorFlow 1.15 raises in evaluate; Keras 2.15
# and 3 broadcast the column over the four outputs and report a meaningless loss.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(9)
poses = rng.normal(size=(50, 12)).astype("float32")
angles = rng.normal(size=(50, 4)).astype("float32")

model = keras.Sequential([
    layers.Dense(24, activation="tanh", input_shape=(12,)),
    layers.Dense(4),
])
model.compile(optimizer="sgd", loss="mean_squared_error")
model.fit(poses[:40], angles[:40], epochs=1, batch_size=10, verbose=0)
first_angle = angles[40:, :1]
print(model.evaluate(poses[40:], first_angle, verbose=0))  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
