# pattern: 10
# style: keras
# Diabetes records exported without a header are read with explicit column names; after the
# outcome column is dropped four features remain, but the model was declared for five.
import io

import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers

CSV = """6,148,72,33.6,1
1,85,66,26.6,0
8,183,64,23.3,1
1,89,66,28.1,0
0,137,40,43.1,1
5,116,74,25.6,0
3,78,50,31.0,1
10,115,0,35.3,0
"""
COLUMNS = ["pregnancies", "glucose", "pressure", "bmi", "outcome"]

records = pd.read_csv(io.StringIO(CSV), names=COLUMNS)
X = records.drop(columns=["outcome"]).values.astype("float32")
y = records["outcome"].values

model = keras.Sequential([
    layers.Input(shape=(len(COLUMNS) - 1,)),
    layers.Dense(12, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(X, y, epochs=1, batch_size=4, verbose=0)
