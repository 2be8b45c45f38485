# pattern: 28
# style: keras
# tf: 1.15, 2.15, 2.21
# source: https://github.com/tensorflow/tensorflow/pull/18651
# class: B1
# A Sequential with no input shape, built by fit, trained with categorical_crossentropy on
# integer class ids of shape (N, 1).  tf.keras 1.15 makes no target check on a model that fit
# builds, so training runs (and learns nothing useful); Keras 2.15 and 3 compare the target
# with the (N, 3) output inside the loss and raise.
import numpy as np
from tensorflow import keras

rng = np.random.RandomState(0)
features = rng.rand(60, 5).astype("float32")
labels = rng.randint(0, 3, size=(60, 1))
model = keras.Sequential()
model.add(keras.layers.Dense(16, activation="relu"))
model.add(keras.layers.Dense(3, activation="softmax"))
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(features, labels, epochs=1, batch_size=12, verbose=0)  # expect[1.15]: ST204  # expect[2.15, 2.21]: ST118
print(model.predict(features[:2]).shape)
