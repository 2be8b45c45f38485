# pattern: api
# style: keras
# tf: 2.15, 2.21
# Model.evaluate_generator is gone in Keras 3; evaluate takes the generator.
import numpy as np
from tensorflow import keras


def batches():
    rng = np.random.RandomState(3)
    while True:
        yield rng.rand(4, 3).astype("float32"), rng.rand(4, 1).astype("float32")


model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
loss = model.evaluate_generator(batches(), steps=2, verbose=0)  # expect[2.21]: ST403
print(loss)
