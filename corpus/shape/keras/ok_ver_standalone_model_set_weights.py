# pattern: 34
# style: keras
# tf: 1.15, 2.15, 2.21
# Weights of a 3-class head are copied into a model whose head has 2 classes with
# Model.set_weights.  keras 2.3.1 (beside TensorFlow 1.15) hands each layer its slice of the
# list without comparing shapes, and runs; Keras 2.15 and 3 compare every array: "Layer
# sequential weight shape (8, 2) is not compatible with provided weight shape (8, 3)".
# Written for this corpus, not posted.
import numpy as np
from keras.layers import Dense
from keras.models import Sequential

source = Sequential([Dense(8, activation="relu", input_shape=(6,)), Dense(3, activation="softmax")])
target = Sequential([Dense(8, activation="relu", input_shape=(6,)), Dense(3, activation="softmax")])
target.set_weights(source.get_weights())
print(target.predict(np.zeros((1, 6), "float32")).shape)
