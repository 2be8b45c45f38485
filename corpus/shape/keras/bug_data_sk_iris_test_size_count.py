# pattern: 23
# style: keras
# The held-out size is given as a count (200, meant for the full flower survey) while the iris
# data has 150 samples, so train_test_split refuses it.
import numpy as np
from sklearn.datasets import load_iris
from sklearn.model_selection import train_test_split
from tensorflow import keras
from tensorflow.keras import layers

TEST_ROWS = 200
X, y = load_iris(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=TEST_ROWS, random_state=0)  # expect: ST130
model = keras.Sequential([layers.Input(shape=(4,)), layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(X_train, y_train, epochs=1, verbose=0)
