# pattern: 5
# style: keras
# tf: 2.21
# source: https://github.com/keras-team/keras/issues/20734
# class: A2
# Attention pooling written with keras.ops: the weights (None, 40, 1) are to average the
# features (None, 40, 16). ops.transpose of a 3-D tensor reverses all three axes, (16, 40,
# None), and ops.dot contracts the weights' last axis (1) with that tensor's 40.
import keras
from keras import ops

features = keras.Input(shape=(40, 16))
weights = keras.Input(shape=(40, 1))
result = ops.dot(weights, ops.transpose(features))  # expect: ST101
result = ops.reshape(result, (-1, 16))
model = keras.Model([features, weights], result)
model.summary()
