# pattern: 27
# style: keras
# tf: 1.15, 2.15, 2.21
# A Conv1D model over (frames, mel bins) spectrograms is trained on arrays saved with an
# image-style channel axis, (n, 40, 16, 1).  TensorFlow 1.15 checks the rank and raises;
# Keras 2.15 and 3 squeeze the trailing 1.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

FRAMES, MELS = 40, 16
rng = np.random.default_rng(7)
spectrograms = rng.random((36, FRAMES, MELS, 1)).astype("float32")
words = rng.integers(0, 4, size=36)

model = keras.Sequential([
    layers.Conv1D(12, 5, activation="relu", input_shape=(FRAMES, MELS)),
    layers.GlobalAveragePooling1D(),
    layers.Dense(4, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(spectrograms, words, epochs=1, batch_size=12, verbose=0)  # expect[1.15]: ST117
