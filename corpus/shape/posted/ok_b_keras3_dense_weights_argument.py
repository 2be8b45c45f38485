# pattern: api
# style: keras
# tf: 2.15, 2.21
# source: https://github.com/faustomorales/keras-ocr/pull/254
# class: B6
# A Dense layer gets its initial weights through the constructor, weights=[kernel, bias], as
# Keras 2 allowed; Keras 3 removed the argument: "Unrecognized keyword arguments passed to
# Dense: {'weights': ...}".  Setting them after the layer is built works in both.
import numpy as np
from tensorflow import keras

kernel = np.zeros((32, 6), dtype="float32")
bias = np.zeros((6,), dtype="float32")
inputs = keras.Input(shape=(32,))
head = keras.layers.Dense(6, name="localization")
outputs = head(inputs)
head.set_weights([kernel, bias])
model = keras.Model(inputs, outputs)
print(model.predict(np.ones((1, 32), dtype="float32"), verbose=0))
