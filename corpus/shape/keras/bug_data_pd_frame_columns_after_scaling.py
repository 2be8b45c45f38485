# pattern: 26
# style: keras
# Scaled features are put back into a DataFrame for inspection, labelled with the original
# frame's columns, which still include the target: four names for three columns.
import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(17)
plants = pd.DataFrame({"light": rng.normal(size=12), "water": rng.normal(size=12), "soil": rng.normal(size=12),
                       "growth": rng.normal(size=12)})
scaled = StandardScaler().fit_transform(plants.drop(columns=["growth"]))
scaled_frame = pd.DataFrame(scaled, columns=plants.columns)  # expect: ST130
model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(scaled_frame.values, plants["growth"].values, epochs=1, verbose=0)
