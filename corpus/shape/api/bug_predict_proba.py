# pattern: api
# style: keras
# tf: 1.15, 2.15
# Sequential.predict_proba, removed with predict_classes in TensorFlow 2.6.
import numpy as np
from tensorflow import keras

images = np.random.RandomState(1).rand(6, 4).astype("float32")
model = keras.Sequential([keras.layers.Dense(3, activation="softmax", input_shape=(4,))])
model.compile(optimizer="sgd", loss="categorical_crossentropy")
probabilities = model.predict_proba(images)  # expect[2.15]: ST403
print(probabilities.sum(axis=1))
