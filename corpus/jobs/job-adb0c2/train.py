"""Train a small Keras CNN image classifier."""

import tensorflow as tf

from data import make_dataset
from model import build_cnn


IMAGE_SIZE = 24
CHANNELS = 3
NUM_CLASSES = 2


def main():
    images, labels = make_dataset(64, IMAGE_SIZE, CHANNELS, NUM_CLASSES)
    model = build_cnn(IMAGE_SIZE, CHANNELS, NUM_CLASSES)
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.01), loss="categorical_crossentropy", metrics=["accuracy"])
    model.summary()
    model.fit(images, labels, batch_size=16, epochs=1, validation_split=0.25, verbose=2)
    scores = model.predict(images[0], verbose=0)
    print("predicted classes:", scores.argmax(axis=1))


if __name__ == "__main__":
    main()
