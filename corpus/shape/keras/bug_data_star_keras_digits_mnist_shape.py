# pattern: 10
# style: keras
# A CNN copied from an MNIST tutorial (star imports from keras) trained on scikit-learn's 8x8
# digits: the input shape still says 28x28, so the flattened features no longer fit the head.
import numpy as np
from keras.layers import *
from keras.models import *
from sklearn.datasets import load_digits

digits = load_digits()
images = digits.images.reshape(-1, 8, 8, 1)[:200] / 16.0
labels = digits.target[:200]

model = Sequential([
    Conv2D(8, (3, 3), activation="relu", input_shape=(28, 28, 1)),
    Flatten(),
    Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(images, labels, epochs=1, batch_size=50, verbose=0)  # expect: ST117
