# pattern: 13
# style: keras
# Five-fold cross-validation of a small regressor: inside the loop the training rows are paired
# with the labels of the validation fold (32 rows against 8 targets).
import numpy as np
from sklearn.model_selection import KFold
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(6)
X = rng.normal(size=(40, 4)).astype("float32")
y = rng.normal(size=40).astype("float32")

scores = []
for train_idx, val_idx in KFold(n_splits=5, shuffle=True, random_state=0).split(X):
    model = keras.Sequential([layers.Input(shape=(4,)), layers.Dense(8, activation="relu"), layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
    model.fit(X[train_idx], y[val_idx], epochs=1, batch_size=8, verbose=0)  # expect: ST118
    scores.append(model.evaluate(X[val_idx], y[val_idx], verbose=0))
    break
