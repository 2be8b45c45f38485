# pattern: 14
# style: keras
# tf: 1.15, 2.15
# oracle: runs
# source: https://github.com/tensorflow/tensorflow/issues/45813
# class: B1
# A regression Sequential with no input shape ends in Dense(3) while each target is one
# number, (N, 1).  The model is built by fit; no version checks the target there, and the
# mean squared error broadcasts (N, 1) against (N, 3): training runs and fits the wrong thing.
import numpy as np
from tensorflow import keras

rng = np.random.RandomState(1)
features = rng.rand(80, 6).astype("float32")
targets = features.sum(axis=1, keepdims=True)
model = keras.Sequential([
    keras.layers.Dense(32, activation="relu"),
    keras.layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
model.fit(features, targets, epochs=2, batch_size=16, verbose=0)
print(model.evaluate(features, targets, verbose=0))
