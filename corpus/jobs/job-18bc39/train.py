"""Train a small Keras CNN image classifier."""

import numpy as np
import tensorflow as tf

from model import build_cnn


def make_dataset(num_samples, image_size, channels, num_classes):
    images = np.random.rand(num_samples, image_size, image_size, channels).astype("float32")
    labels = np.random.randint(0, num_classes, size=(num_samples,))
    return images, tf.keras.utils.to_categorical(labels, num_classes)


IMAGE_SIZE = 24
CHANNELS = 3
NUM_CLASSES = 10


def main():
    images, labels = make_dataset(64, IMAGE_SIZE, CHANNELS, NUM_CLASSES)
    model = build_cnn(IMAGE_SIZE, CHANNELS, NUM_CLASSES)
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.001), loss="categorical_crossentropy", metrics=["accuracy"])
    model.summary()
    model.fit(images, labels, batch_size=8, epochs=1, validation_split=0.25, verbose=2)
    scores = model.predict(images[:4], verbose=0)
    print("predicted classes:", scores.argmax(axis=1))


if __name__ == "__main__":
    main()
