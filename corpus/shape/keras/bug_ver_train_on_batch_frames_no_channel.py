# pattern: 10
# style: keras
# tf: 1.15, 2.15, 2.21
# A hand-written training loop feeds video frames in batches to train_on_batch; the frames
# are (batch, 24, 24) while the model declares (24, 24, 1).  TensorFlow 1.15 refuses the
# rank of the batch; Keras 2.15 and 3 add the channel axis.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

FRAME = 24
rng = np.random.default_rng(2)
frames = rng.random((80, FRAME, FRAME)).astype("float32")
moving = rng.integers(0, 2, size=80).astype("float32")

model = keras.Sequential([
    layers.Conv2D(6, 3, activation="relu", input_shape=(FRAME, FRAME, 1)),
    layers.Flatten(),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
for start in range(0, 80, 20):
    batch = frames[start:start + 20]
    loss = model.train_on_batch(batch, moving[start:start + 20])  # expect[1.15]: ST117
print("last loss", loss)
