# pattern: 17
# style: keras
# A sensor model declares variable-length windows (the time axis is None) and flattens
# them into a Dense head; Dense cannot create a kernel for an input size Keras does not
# know.  The fix pools over time instead of flattening.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

BATCH, CHANNELS, CLASSES = 32, 1, 3
inputs = keras.Input(batch_shape=(BATCH, None, CHANNELS))
x = layers.Conv1D(8, 5, padding="same", activation="relu")(inputs)
x = layers.GlobalAveragePooling1D()(x)
outputs = layers.Dense(CLASSES, activation="softmax")(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
windows = np.random.rand(BATCH, 50, CHANNELS).astype("float32")
model.fit(windows, np.random.randint(0, CLASSES, BATCH), batch_size=BATCH, epochs=1, verbose=0)
print(model.predict(windows, batch_size=BATCH, verbose=0).shape)
