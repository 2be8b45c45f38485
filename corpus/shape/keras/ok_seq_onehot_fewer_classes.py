# pattern: 28
# style: keras
# tf: 1.15, 2.15, 2.21
# Flower species from four measurements: the labels are one-hot encoded with 3 classes, but
# the output layer was copied from a 10-class model.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.utils import to_categorical

N_SPECIES = 3

rng = np.random.default_rng(7)
features = rng.normal(size=(30, 4)).astype("float32")
species = rng.integers(0, N_SPECIES, size=30)
targets = to_categorical(species, num_classes=N_SPECIES)

model = keras.Sequential([
    layers.Dense(16, activation="relu", input_shape=(4,)),
    layers.Dense(16, activation="relu"),
    layers.Dense(N_SPECIES, activation="softmax"),
])
model.compile(loss="categorical_crossentropy", optimizer=keras.optimizers.Adam(0.01))
model.fit(features, targets, epochs=1, batch_size=10, verbose=0)
