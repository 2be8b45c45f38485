# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# Two regression outputs; the training targets are (n, 2), but the validation targets are
# taken as a flat column slice, (m,).  TensorFlow 1.15 raises on the validation targets;
# Keras 2.15 broadcasts them; Keras 3 fails in the validation step.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(16)
x = rng.normal(size=(60, 7)).astype("float32")
y = rng.normal(size=(60, 2)).astype("float32")
x_val, y_val = x[48:], y[48:, 0]

model = keras.Sequential([
    layers.Dense(8, activation="relu", input_shape=(7,)),
    layers.Dense(2),
])
model.compile(optimizer="adam", loss="mse")
model.fit(x[:48], y[:48], validation_data=(x_val, y_val), epochs=1, batch_size=12, verbose=0)  # expect[1.15, 2.21]: ST118  # expect[2.15]: ST204
