# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# A value network with one output is trained with train_on_batch on the five-step returns
# of each episode instead of their discounted sum.  TensorFlow 1.15 raises; Keras 2.15 and 3
# broadcast the single prediction against all five returns.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

STEPS = 5
rng = np.random.default_rng(10)
states = rng.normal(size=(32, 10)).astype("float32")
rewards = rng.random((32, STEPS)).astype("float32")
discount = 0.9 ** np.arange(STEPS)

value = keras.Sequential([
    layers.Dense(16, activation="relu", input_shape=(10,)),
    layers.Dense(1),
])
value.compile(optimizer="adam", loss="mse")
returns = rewards * discount
print(value.train_on_batch(states, returns))  # expect[1.15]: ST118  # expect[2.15, 2.21]: ST204
