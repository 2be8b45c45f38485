# pattern: 9
# style: keras
# After training on a DataFrame's rows, the script scores one record picked with iloc[0]: a
# single row comes back as a 1-D Series, so predict gets no batch axis.
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(12)
applicants = pd.DataFrame({
    "income": rng.normal(4.0, 1.0, size=16), "debt": rng.normal(1.0, 0.3, size=16),
    "years": rng.normal(5.0, 2.0, size=16), "approved": rng.integers(0, 2, size=16),
})
features = applicants.drop(columns=["approved"])

model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(8, activation="relu"),
                          layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(features.values, applicants["approved"].values, epochs=1, batch_size=4, verbose=0)
first = features.iloc[0].values
score = model.predict(first, verbose=0)  # expect: ST117
