# pattern: api
# style: keras
# tf: 1.15, 2.15
# Sequential.predict_classes was removed in TensorFlow 2.6; argmax over predict() is
# what it computed.
import numpy as np
from tensorflow import keras

images = np.random.RandomState(1).rand(6, 4).astype("float32")
model = keras.Sequential([keras.layers.Dense(3, activation="softmax", input_shape=(4,))])
model.compile(optimizer="sgd", loss="categorical_crossentropy")
classes = model.predict_classes(images)  # expect[2.15]: ST403
print(classes)
