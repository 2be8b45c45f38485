# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# A small convolutional digit classifier: two conv blocks, dropout, a softmax head,
# trained on random 28x28 grayscale images with one-hot labels, then evaluated and used.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

NUM_CLASSES = 10
IMG_ROWS, IMG_COLS = 28, 28


def load_data(n_train=32, n_test=8, seed=0):
    rng = np.random.default_rng(seed)
    x_train = rng.random((n_train, IMG_ROWS, IMG_COLS)).astype("float32")
    y_train = rng.integers(0, NUM_CLASSES, size=n_train)
    x_test = rng.random((n_test, IMG_ROWS, IMG_COLS)).astype("float32")
    y_test = rng.integers(0, NUM_CLASSES, size=n_test)
    return (x_train, y_train), (x_test, y_test)


def build_model(input_shape):
    model = keras.Sequential([
        keras.Input(shape=input_shape),
        layers.Conv2D(16, kernel_size=(3, 3), activation="relu"),
        layers.MaxPooling2D(pool_size=(2, 2)),
        layers.Conv2D(32, kernel_size=(3, 3), activation="relu"),
        layers.MaxPooling2D(pool_size=(2, 2)),
        layers.Flatten(),
        layers.Dropout(0.5),
        layers.Dense(NUM_CLASSES, activation="softmax"),
    ])
    return model


def main():
    (x_train, y_train), (x_test, y_test) = load_data()
    x_train = np.expand_dims(x_train, -1)
    x_test = np.expand_dims(x_test, -1)
    y_train = keras.utils.to_categorical(y_train, NUM_CLASSES)
    y_test = keras.utils.to_categorical(y_test, NUM_CLASSES)

    model = build_model((IMG_ROWS, IMG_COLS, 1))
    model.summary()
    model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
    model.fit(x_train, y_train, batch_size=16, epochs=1, validation_split=0.25, verbose=0)
    loss, accuracy = model.evaluate(x_test, y_test, verbose=0)
    print("test loss %.3f accuracy %.3f" % (loss, accuracy))
    probabilities = model.predict(x_test[:3], verbose=0)
    print("predicted classes", np.argmax(probabilities, axis=1))


if __name__ == "__main__":
    main()
