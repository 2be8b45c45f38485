# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# The training split is reshaped to (n, 20, 20, 1), the validation split passed to fit is
# not.  TensorFlow 1.15 checks validation_data like the training arrays and raises; Keras
# 2.15 and 3 add the missing trailing axis to the validation images.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(3)
pixels = rng.random((60, 20, 20)).astype("float32")
kinds = rng.integers(0, 3, size=60)
x_train, y_train = pixels[:48].reshape(-1, 20, 20, 1), kinds[:48]
x_val, y_val = pixels[48:], kinds[48:]

model = keras.Sequential([
    layers.Conv2D(4, 3, activation="relu", input_shape=(20, 20, 1)),
    layers.Flatten(),
    layers.Dense(3, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(x_train, y_train, validation_data=(x_val, y_val), epochs=1, batch_size=12, verbose=0)  # expect[1.15]: ST117
