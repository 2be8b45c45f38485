# pattern: 10
# style: keras
# Sensor features compressed with PCA to 3 components before a small regressor, whose input
# layer still expects the 5 components of an earlier experiment.
import numpy as np
from sklearn.decomposition import PCA
from sklearn.preprocessing import StandardScaler
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(5)
readings = rng.normal(size=(40, 12))
target = rng.normal(size=40)

scaled = StandardScaler().fit_transform(readings)
components = PCA(n_components=3).fit_transform(scaled)

inputs = keras.Input(shape=(5,))
hidden = layers.Dense(8, activation="relu")(inputs)
outputs = layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
model.fit(components, target, epochs=1, batch_size=10, verbose=0)  # expect: ST117
