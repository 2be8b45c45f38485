# pattern: 28
# style: keras
# tf: 1.15, 2.15, 2.21
# Standalone keras: a regression Sequential with no input shape ends in Dense(2) while each
# target is one number.  keras 2.3.1 (beside TensorFlow 1.15) checks the target arrays against
# the outputs even for a model fit builds: "Error when checking target: expected dense_2 to have
# shape (2,) but got array with shape (1,)"; Keras 2.15 and 3 broadcast (N, 1) against (N, 2)
# in the mean squared error and train the wrong thing.  Written for this corpus, not posted.
import numpy as np
from keras.layers import Dense
from keras.models import Sequential

rng = np.random.RandomState(7)
inputs = rng.rand(32, 3).astype("float32")
targets = inputs.sum(axis=1, keepdims=True)
model = Sequential()
model.add(Dense(8, activation="relu"))
model.add(Dense(1))
model.compile(optimizer="sgd", loss="mse")
model.fit(inputs, targets, epochs=1, batch_size=8, verbose=0)
print(model.predict(inputs[:2]).shape)
