# pattern: 13
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional regressor with three outputs per sample; the target matrix is stored as
# (outputs, samples) and passed to fit untransposed.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(21)
design = rng.normal(size=(50, 7)).astype("float32")
coefficients = rng.normal(size=(3, 7)).astype("float32")
responses = coefficients @ design.T

inputs = keras.Input((7,))
h = layers.Dense(16, activation="relu")(inputs)
predictions = layers.Dense(3)(h)
model = keras.Model(inputs, predictions)
model.compile(optimizer="adam", loss="mse")
model.fit(design, responses, epochs=1, batch_size=10, verbose=0)  # expect: ST118
