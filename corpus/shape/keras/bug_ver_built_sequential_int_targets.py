# pattern: 28
# style: keras
# tf: 1.15, 2.15, 2.21
# A Sequential with no input layer is built with model.build((None, 6)) and trained with
# categorical_crossentropy on integer class ids of shape (N, 1).  tf.keras 1.15 checks targets
# only for graph networks, which a Sequential without a declared input never becomes, so it
# trains on the broadcast loss; Keras 2.15 and 3 compare target and output inside the loss
# and raise.  Written for this corpus, not posted.
import numpy as np
from tensorflow import keras

rng = np.random.RandomState(6)
features = rng.rand(40, 6).astype("float32")
classes = rng.randint(0, 4, size=(40, 1))
model = keras.Sequential([keras.layers.Dense(12, activation="relu"), keras.layers.Dense(4, activation="softmax")])
model.build((None, 6))
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(features, classes, epochs=1, batch_size=8, verbose=0)  # expect[1.15]: ST204  # expect[2.15, 2.21]: ST118
print(model.predict(features[:2]).shape)
