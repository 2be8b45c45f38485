# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# A camera stream is scored batch by batch with predict_on_batch; the model declares
# (48, 48, 1) frames, the stream yields (n, 48, 48) grey frames.  TensorFlow 1.15 raises on
# the rank; Keras 2.15 and 3 add the channel axis.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

SIDE = 48
rng = np.random.default_rng(17)
model = keras.Sequential([
    layers.Conv2D(4, 5, strides=2, activation="relu", input_shape=(SIDE, SIDE, 1)),
    layers.GlobalAveragePooling2D(),
    layers.Dense(2, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
stream = rng.random((6, SIDE, SIDE, 1)).astype("float32")
scores = model.predict_on_batch(stream)
print(np.asarray(scores).shape)
