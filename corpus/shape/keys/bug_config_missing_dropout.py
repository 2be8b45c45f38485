# pattern: keys
# style: tf2
# The model reads a dropout rate the configuration dict never defines.
import numpy as np
import tensorflow as tf

CONFIG = {"epochs": 1, "batch_size": 8, "input_dim": 20, "num_classes": 3}


def build_model(input_dim, num_classes, dropout):
    return tf.keras.Sequential([
        tf.keras.Input(shape=(input_dim,)),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dropout(dropout),
        tf.keras.layers.Dense(num_classes, activation="softmax"),
    ])


model = build_model(CONFIG["input_dim"], CONFIG["num_classes"], dropout=CONFIG["dropout"])  # expect: ST150
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
x = np.random.rand(16, CONFIG["input_dim"]).astype("float32")
y = np.random.randint(0, CONFIG["num_classes"], size=16)
model.fit(x, y, epochs=CONFIG["epochs"], batch_size=CONFIG["batch_size"], verbose=0)
