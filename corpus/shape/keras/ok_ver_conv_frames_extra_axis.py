# pattern: 9
# style: keras
# tf: 1.15, 2.15, 2.21
# A video clip, (batch, frames, height, width, channels), goes straight into Conv2D instead of
# through TimeDistributed(Conv2D).  TensorFlow 1.15's Keras wants exactly rank 4 ("expected
# ndim=4, found ndim=5"); Keras 2.15 folds the extra leading axis into the batch and runs;
# Keras 3 raises "Kernel shape must have the same length as input".  Written for this corpus,
# not posted.
import numpy as np
from tensorflow import keras

clips = keras.Input(shape=(6, 16, 16, 3))
features = keras.layers.TimeDistributed(keras.layers.Conv2D(8, 3, activation="relu"))(clips)
pooled = keras.layers.GlobalAveragePooling3D()(features)
scores = keras.layers.Dense(2, activation="softmax")(pooled)
model = keras.Model(clips, scores)
print(model.predict(np.zeros((2, 6, 16, 16, 3), dtype="float32")).shape)
