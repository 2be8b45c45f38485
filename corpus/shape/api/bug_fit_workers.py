# pattern: api
# style: keras
# tf: 2.15, 2.21
# fit(workers=..., use_multiprocessing=...) for a Python generator: Keras 2 takes them,
# Keras 3's fit does not (TypeError); it reads generators itself.
import numpy as np
from tensorflow import keras

features = np.random.RandomState(5).rand(32, 3).astype("float32")
targets = features.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.layers.Dense(1, input_shape=(3,))])
model.compile(optimizer="sgd", loss="mse")
model.fit(features, targets, epochs=1, verbose=0, workers=2)  # expect[2.21]: ST404
print(model.evaluate(features, targets, verbose=0))
