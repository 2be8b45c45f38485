# pattern: api
# style: keras
# tf: 1.15, 2.15
# fit(nb_epoch=...), Keras 1's name for epochs: TensorFlow 1.15's fit still maps it (with a
# warning); Keras 2.15's fit takes no such keyword (TypeError).
import numpy as np
from tensorflow import keras

features = np.random.RandomState(5).rand(32, 3).astype("float32")
targets = features.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.layers.Dense(1, input_shape=(3,))])
model.compile(optimizer="sgd", loss="mse")
model.fit(features, targets, nb_epoch=2, batch_size=8, verbose=0)  # expect[2.15]: ST404
print(model.evaluate(features, targets, verbose=0))
