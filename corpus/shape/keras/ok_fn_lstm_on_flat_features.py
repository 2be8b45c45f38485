# pattern: 33
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional sentiment model feeds a (batch, features) vector straight into an LSTM, which
# needs (batch, timesteps, features).
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

SEQ_LEN = 20

inputs = keras.Input(shape=(SEQ_LEN,))
x = layers.LSTM(16)(layers.Reshape((SEQ_LEN, 1))(inputs))
outputs = layers.Dense(1, activation="sigmoid")(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="binary_crossentropy")

rng = np.random.default_rng(1)
model.fit(rng.random((8, SEQ_LEN)), rng.integers(0, 2, size=(8, 1)), epochs=1, verbose=0)
