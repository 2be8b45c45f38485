# pattern: api
# style: keras
# tf: 2.15, 2.21
# A stateful LSTM declares its fixed batch with batch_input_shape=, as Keras 2 layers took.
# Keras 3 layers no longer take it ("Unrecognized keyword arguments passed to LSTM:
# {'batch_input_shape': (4, 6, 3)}"); the model starts with keras.Input(batch_shape=...)
# instead.  Written for this corpus, not posted.
import numpy as np
from tensorflow import keras

model = keras.Sequential([
    keras.Input(batch_shape=(4, 6, 3)),
    keras.layers.LSTM(8, stateful=True),
    keras.layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
print(model.predict(np.zeros((4, 6, 3), dtype="float32"), verbose=0).shape)
