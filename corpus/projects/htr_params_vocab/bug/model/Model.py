"""A CRNN-style recogniser configured by a parameter dict."""
import tensorflow as tf


class Model(object):
    def __init__(self, params):
        self.epochs = params["epochs"]
        self.batch_size = params["batch_size"]
        self.input_img_shape = params["input_img_shape"]
        self.max_label_len = params["max_label_len"]
        self.vocab = params["vocab"]  # expect: ST150
        self.blank = params["blank"]
        self.model = None

    def build(self):
        inputs = tf.keras.Input(shape=self.input_img_shape)
        x = tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu")(inputs)
        x = tf.keras.layers.MaxPooling2D((2, 2))(x)
        x = tf.keras.layers.Reshape((self.input_img_shape[0] // 2, -1))(x)
        x = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(8, return_sequences=True))(x)
        outputs = tf.keras.layers.Dense(len(self.vocab) + 1, activation="softmax")(x)
        self.model = tf.keras.Model(inputs, outputs)
        self.model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")

    def fit(self, images, labels):
        self.model.fit(images, labels, batch_size=self.batch_size, epochs=self.epochs, verbose=2)
