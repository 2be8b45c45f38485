# pattern: 10
# style: keras
# Label-based column slicing with loc includes both ends: "f1":"f4" selects four feature
# columns, but the model counted three as with a positional slice.
import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(11)
table = pd.DataFrame(rng.normal(size=(16, 5)), columns=["f1", "f2", "f3", "f4", "target"])
X = table.loc[:, "f1":"f4"].values
y = table.loc[:, "target"].values

model = keras.Sequential([layers.Input(shape=(3,)), layers.Dense(8, activation="relu"), layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(X, y, epochs=1, batch_size=4, verbose=0)  # expect: ST117
