# pattern: 34
# style: keras
# A student network is warm-started from the teacher's weights, but the student was
# built with a narrower hidden layer; Model.set_weights compares every array with the
# student's own weights, in order.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

FEATURES, CLASSES = 8, 3


def mlp(hidden):
    return keras.Sequential([
        keras.Input(shape=(FEATURES,)),
        layers.Dense(hidden, activation="relu"),
        layers.Dense(CLASSES),
    ])


teacher = mlp(64)
student = mlp(32)
student.set_weights(teacher.get_weights())  # expect: ST116
x = np.random.rand(4, FEATURES).astype("float32")
print(np.abs(student.predict(x, verbose=0) - teacher.predict(x, verbose=0)).max())
