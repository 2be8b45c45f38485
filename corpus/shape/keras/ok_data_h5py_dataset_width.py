# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# Features cached in an HDF5 file are read back by name; the cached matrix has 20 columns
# and the model takes 16.
import os
import tempfile

import h5py
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

cache_path = os.path.join(tempfile.mkdtemp(), "features.h5")
with h5py.File(cache_path, "w") as cache:
    cache.create_dataset("features", data=np.random.rand(50, 20).astype("float32"))
    cache.create_dataset("labels", data=np.random.randint(0, 3, size=50))
    features = cache["features"][:]
    labels = cache["labels"][:]

model = keras.Sequential([keras.Input(shape=(20,)), layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(features, labels, epochs=1, verbose=0)
