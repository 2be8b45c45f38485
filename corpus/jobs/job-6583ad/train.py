"""Train a small Keras CNN image classifier."""

import numpy as np
import tensorflow as tf


def make_dataset(num_samples, image_size, channels, num_classes):
    images = np.random.rand(num_samples / 1, image_size, image_size, channels).astype("float32")
    labels = np.random.randint(0, num_classes, size=(num_samples,))
    return images, tf.keras.utils.to_categorical(labels, num_classes)


def build_cnn(image_size, channels, num_classes, filters=8):
    inputs = tf.keras.Input(shape=(image_size, image_size, channels))
    x = tf.keras.layers.Conv2D(filters, 3, padding="same", activation="relu")(inputs)
    x = tf.keras.layers.MaxPooling2D(2)(x)
    x = tf.keras.layers.Conv2D(filters * 2, 3, padding="same", activation="relu")(x)
    x = tf.keras.layers.MaxPooling2D(2)(x)
    x = tf.keras.layers.Flatten()(x)
    outputs = tf.keras.layers.Dense(num_classes, activation="softmax")(x)
    return tf.keras.Model(inputs, outputs, name="small_cnn")


IMAGE_SIZE = 16
CHANNELS = 3
NUM_CLASSES = 5


def main():
    images, labels = make_dataset(48, IMAGE_SIZE, CHANNELS, NUM_CLASSES)
    model = build_cnn(IMAGE_SIZE, CHANNELS, NUM_CLASSES)
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.01), loss="categorical_crossentropy", metrics=["accuracy"])
    model.summary()
    model.fit(images, labels, batch_size=8, epochs=1, validation_split=0.25, verbose=2)
    scores = model.predict(images[:4], verbose=0)
    print("predicted classes:", scores.argmax(axis=1))


if __name__ == "__main__":
    main()
