# pattern: 14
# style: keras
# tf: 1.15, 2.15, 2.21
# Standalone keras: a demand model forecasts two quantities per day for a week, (None, 7, 2);
# the targets keep only the first quantity, (n, 7, 1), under mean squared logarithmic
# error.  keras 2.3.1 raises "Error when checking target"; Keras 2.15 and 3 broadcast.
import numpy as np
from keras.layers import Dense, Input, LSTM, RepeatVector, TimeDistributed
from keras.models import Model

rng = np.random.default_rng(23)
past = rng.random((24, 14, 3)).astype("float32")
demand = rng.random((24, 7, 2)).astype("float32")
first_quantity = demand[:, :, :1]

inputs = Input(shape=(14, 3))
encoded = LSTM(8)(inputs)
decoded = LSTM(8, return_sequences=True)(RepeatVector(7)(encoded))
model = Model(inputs, TimeDistributed(Dense(2, activation="relu"))(decoded))
model.compile(optimizer="adam", loss="msle")
model.fit(past, demand, epochs=1, batch_size=8, verbose=0)
