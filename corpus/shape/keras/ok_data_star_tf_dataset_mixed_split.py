# pattern: 32
# style: keras
# `from tensorflow import *` style: a tf.data pipeline is built from the training features and,
# by a slip, the test labels, which do not have as many rows.
import numpy as np
from sklearn.model_selection import train_test_split
from tensorflow import *

rng = np.random.default_rng(14)
X = rng.normal(size=(40, 3)).astype("float32")
y = rng.integers(0, 2, size=40)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)

train_ds = data.Dataset.from_tensor_slices((X_train, y_train)).shuffle(32).batch(8)
model = keras.Sequential([keras.layers.Input(shape=(3,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(train_ds, epochs=1, verbose=0)
