# pattern: api
# style: keras
# tf: 1.15, 2.15, 2.21
# source: https://github.com/keras-team/keras/issues/9259
# class: B6
# A ResNet stem written for Keras 1: Convolution2D(64, 7, 7, subsample=(2, 2)).  keras 2.3.1
# converts the call (warning "Update your `Conv2D` call to the Keras 2 API"); Keras 2.15 and 3
# know no subsample keyword and raise.
import numpy as np
from keras.layers import Convolution2D, Input
from keras.models import Model

x = Input(shape=(64, 64, 3))
y = Convolution2D(64, (7, 7), strides=(2, 2), name="conv1")(x)
model = Model(x, y)
print(model.predict(np.zeros((1, 64, 64, 3), dtype="float32")).shape)
