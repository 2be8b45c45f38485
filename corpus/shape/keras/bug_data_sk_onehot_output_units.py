# pattern: 28
# style: keras
# Flower species one-hot encoded with a fixed category list of three species; the output
# layer was copied from a four-class model.
import numpy as np
import pandas as pd
from sklearn.preprocessing import OneHotEncoder
from tensorflow import keras
from tensorflow.keras import layers

SPECIES = ["setosa", "versicolor", "virginica"]
rng = np.random.default_rng(4)
flowers = pd.DataFrame({
    "sepal_length": rng.normal(5.8, 0.8, size=24), "sepal_width": rng.normal(3.0, 0.4, size=24),
    "petal_length": rng.normal(3.7, 1.7, size=24), "petal_width": rng.normal(1.2, 0.7, size=24),
    "species": rng.choice(SPECIES, size=24),
})
encoder = OneHotEncoder(categories=[SPECIES], sparse_output=False)
labels = encoder.fit_transform(flowers[["species"]])
measurements = flowers.drop(columns=["species"]).values.astype("float32")

model = keras.Sequential([
    layers.Input(shape=(4,)),
    layers.Dense(16, activation="relu"),
    layers.Dense(4, activation="softmax"),
])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(measurements, labels, epochs=1, batch_size=8, verbose=0)  # expect: ST118
