# pattern: 9
# style: keras
# tf: 1.15, 2.15, 2.21
# source: https://github.com/kentsommer/keras-inceptionV4/issues/30
# class: B1
# Standalone keras: a classifier is built for 299x299 inputs and wrapped in a model whose input
# is 229x229.  keras 2.3.1 on TensorFlow 1.15 rebuilds the inner graph for the new size and
# trains; Keras 2.15 raises once fit runs the model ("expected shape=(None, 299, 299, 3), found
# shape=(None, 229, 229, 3)"), Keras 3 raises when the inner model is called.
import numpy as np
from keras.layers import Conv2D, Dense, GlobalMaxPooling2D, Input
from keras.models import Model

inputs = Input(shape=(299, 299, 3))
x = Conv2D(4, 7, strides=4, activation="relu")(inputs)
x = GlobalMaxPooling2D()(x)
inception = Model(inputs, Dense(3, activation="softmax")(x))

crops = Input(shape=(299, 299, 3))
outputs = inception(crops)
model = Model(crops, outputs)
model.compile(optimizer="sgd", loss="categorical_crossentropy")
images = np.random.RandomState(3).rand(4, 299, 299, 3).astype("float32")
labels = np.eye(3)[[0, 1, 2, 0]]
model.fit(images, labels, epochs=1, batch_size=2, verbose=0)
print(model.predict(images).shape)
