# pattern: 33
# style: keras
# tf: 1.15
# source: https://github.com/keras-team/keras/issues/5222
# class: B2
# An LSTM over (1000, 100) sequences is followed by Conv1D to filter its outputs, but the LSTM
# returns only its last state, (None, 64): Conv1D needs (batch, steps, channels) and raises
# "expected ndim=3, found ndim=2".
import numpy as np
from keras.layers import LSTM, Conv1D, Dense, GlobalMaxPooling1D
from keras.models import Sequential

model = Sequential()
model.add(LSTM(64, input_shape=(1000, 100), return_sequences=True))
model.add(Conv1D(32, 5, activation="relu"))
model.add(GlobalMaxPooling1D())
model.add(Dense(1, activation="sigmoid"))
model.compile(optimizer="adam", loss="binary_crossentropy")
print(model.predict(np.zeros((2, 1000, 100), dtype="float32")).shape)
