# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional CNN for colour thumbnails is fed grayscale scans with a single channel.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers


def conv_block(x, filters):
    x = layers.Conv2D(filters, (3, 3), padding="same")(x)
    x = layers.BatchNormalization()(x)
    x = layers.Activation("relu")(x)
    return layers.MaxPooling2D((2, 2))(x)


inputs = keras.Input(shape=(32, 32, 3))
x = conv_block(inputs, 16)
x = conv_block(x, 32)
x = layers.Flatten()(x)
outputs = layers.Dense(1, activation="sigmoid")(x)
model = keras.Model(inputs=inputs, outputs=outputs)
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])

rng = np.random.default_rng(4)
scans = rng.random((20, 32, 32, 1)).astype("float32")
is_defect = rng.integers(0, 2, size=(20, 1)).astype("float32")
model.fit(scans, is_defect, epochs=1, batch_size=10, verbose=0)  # expect: ST117
