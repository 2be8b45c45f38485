# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A two-headed functional model: a class head (sparse cross-entropy) and a box head of four
# coordinates (mse).  The box targets were flattened to their centre x only, (n, 1).
# TensorFlow 1.15 raises on the box targets; Keras 2.15 and 3 broadcast them over the four
# coordinates.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(13)
crops = rng.random((32, 16, 16, 3)).astype("float32")
classes = rng.integers(0, 5, size=32)
boxes = rng.random((32, 4)).astype("float32")
centre_x = (boxes[:, 0:1] + boxes[:, 2:3]) / 2

image = keras.Input(shape=(16, 16, 3))
x = layers.Conv2D(8, 3, activation="relu")(image)
x = layers.GlobalAveragePooling2D()(x)
class_out = layers.Dense(5, activation="softmax", name="cls")(x)
box_out = layers.Dense(4, name="box")(x)
model = keras.Model(image, [class_out, box_out])
model.compile(optimizer="adam", loss=["sparse_categorical_crossentropy", "mse"])
model.fit(crops, [classes, centre_x], epochs=1, batch_size=8, verbose=0)  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
