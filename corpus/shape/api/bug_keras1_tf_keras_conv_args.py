# pattern: api
# style: keras
# tf: 1.15, 2.15
# Keras 1 arguments given to tf.keras: Conv2D(..., border_mode="same", init="he_normal").  Only
# the standalone keras 2.x package converted Keras 1 arguments; tf.keras never did, so TensorFlow
# 1.15 refuses them as Keras 2.15 does: TypeError ('Keyword argument not understood:',
# 'border_mode').  Written for this corpus, not posted.
import numpy as np
from tensorflow import keras

model = keras.Sequential([
    keras.layers.Conv2D(8, 3, border_mode="same", init="he_normal", input_shape=(16, 16, 1)),  # expect: ST404
    keras.layers.GlobalAveragePooling2D(),
    keras.layers.Dense(2),
])
print(model.predict(np.zeros((1, 16, 16, 1), dtype="float32")).shape)
