# pattern: 3
# style: keras
# tf: 1.15, 2.15, 2.21
# A Keras 1 era script: Convolution2D(32, 3, 3) meant 32 filters of 3x3.  keras 2.3.1
# (beside TensorFlow 1.15) still converts that call; Keras 2.15 and 3 read the third
# argument as strides=3, so the feature maps shrink to 9x9, 3x3, 1x1 and the last
# convolution has nothing left to slide over.
import numpy as np
from keras.layers import Activation, Convolution2D, Dense, Flatten, MaxPooling2D
from keras.models import Sequential

model = Sequential()
model.add(Convolution2D(32, 3, 3, input_shape=(28, 28, 1)))
model.add(Activation("relu"))
model.add(Convolution2D(32, 3, 3))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Convolution2D(64, 3, 3))  # expect[2.15, 2.21]: ST106
model.add(Flatten())
model.add(Dense(10, activation="softmax"))
model.compile(optimizer="adam", loss="categorical_crossentropy")
print(model.predict(np.zeros((2, 28, 28, 1), dtype="float32")).shape)
