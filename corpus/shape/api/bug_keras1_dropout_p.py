# pattern: api
# style: keras
# tf: 1.15, 2.15, 2.21
# Dropout written the Keras 1 way, Dropout(p=0.5).  keras 2.3.1 renames p to rate; Keras 2.15
# and 3 need rate and raise TypeError "__init__() missing 1 required positional argument:
# 'rate'" before they look at p.  Written for this corpus, not posted.
import numpy as np
from keras.layers import Dense, Dropout
from keras.models import Sequential

model = Sequential()
model.add(Dense(32, activation="relu", input_shape=(10,)))
model.add(Dropout(p=0.5))  # expect[2.15, 2.21]: ST404
model.add(Dense(1))
model.compile(optimizer="sgd", loss="mse")
print(model.predict(np.zeros((4, 10), dtype="float32")).shape)
