# pattern: 10
# style: keras
# A script in the old star-import style: layers and models come from `import *`.  The frame
# has five measurement columns besides the label, and the first Dense layer declares six.
import numpy as np
import pandas as pd
from tensorflow.keras.layers import *
from tensorflow.keras.models import *

rng = np.random.default_rng(13)
beans = pd.DataFrame(rng.normal(size=(24, 5)), columns=["area", "perimeter", "major", "minor", "roundness"])
beans["grade"] = rng.integers(0, 2, size=24)

X = beans.drop(columns=["grade"]).values
y = beans["grade"].values

model = Sequential()
model.add(Dense(16, activation="relu", input_shape=(6,)))
model.add(Dropout(0.1))
model.add(Dense(1, activation="sigmoid"))
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(X, y, epochs=1, batch_size=8, verbose=0)  # expect: ST117
