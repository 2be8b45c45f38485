# pattern: 2
# style: keras
# tf: 1.15, 2.15, 2.21
# A Keras 1 era functional model flattens its feature maps with a Reshape sized for a 5x5
# kernel: Convolution2D(16, 5, 5) on 28x28 gives 24x24x16 under keras 2.3.1.  Keras 2.15
# and 3 read the second 5 as strides and get 5x5x16, which the Reshape cannot hold.
import numpy as np
from keras.layers import Convolution2D, Dense, Input, Reshape
from keras.models import Model

image = Input(shape=(28, 28, 1))
features = Convolution2D(16, 5, 5, activation="relu")(image)
flat = Reshape((24 * 24 * 16,))(features)  # expect[2.15, 2.21]: ST104
digits = Dense(10, activation="softmax")(flat)
model = Model(image, digits)
print(model.predict(np.zeros((3, 28, 28, 1), dtype="float32")).shape)
