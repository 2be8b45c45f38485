# pattern: 11
# style: keras
# tf: 1.15, 2.15, 2.21
# A functional classifier is evaluated on labels one-hot encoded with
# keras.utils.to_categorical and then expanded, (n, 3, 1).  TensorFlow 1.15 raises in
# evaluate; Keras 2.15 and 3 squeeze the trailing 1.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(25)
x = rng.normal(size=(30, 5)).astype("float32")
y = rng.integers(0, 3, size=30)

inputs = keras.Input(shape=(5,))
outputs = layers.Dense(3, activation="softmax")(layers.Dense(8, activation="relu")(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(x, keras.utils.to_categorical(y, 3), epochs=1, batch_size=10, verbose=0)
expanded = keras.utils.to_categorical(y, 3)
print(model.evaluate(x, expanded, verbose=0))
