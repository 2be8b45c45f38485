# pattern: 10
# style: keras
# A synthetic benchmark from make_classification with 12 features, fed to a classifier whose
# input layer keeps the generator's default of 20.
import numpy as np
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from tensorflow import keras
from tensorflow.keras import layers

N_FEATURES = 20
X, y = make_classification(n_samples=60, n_features=12, n_informative=6, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)

model = keras.Sequential([
    layers.Input(shape=(N_FEATURES,)),
    layers.Dense(16, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(X_train, y_train, epochs=1, batch_size=15, verbose=0)  # expect: ST117
