# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# The sensor table keeps three feature columns (usecols) and the label in the fourth; the
# model was sized for all four columns.
import os
import tempfile

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

folder = tempfile.mkdtemp()
table_path = os.path.join(folder, "sensors.csv")
rows = np.random.RandomState(3).rand(40, 4)
rows[:, 3] = (rows[:, 3] > 0.5).astype(float)
np.savetxt(table_path, rows, delimiter=",", header="t1,t2,t3,label", comments="")

features = np.loadtxt(table_path, delimiter=",", skiprows=1, usecols=(0, 1, 2))
labels = np.loadtxt(table_path, delimiter=",", skiprows=1, usecols=3)

model = keras.Sequential([
    keras.Input(shape=(4,)),
    layers.Dense(8, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(features, labels, epochs=1, verbose=0)  # expect: ST117
