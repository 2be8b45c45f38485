# pattern: 9
# style: keras
# tf: 2.15, 2.21
# A functional image classifier: after training, a single image is passed to predict without
# a batch axis, so Keras cuts the image into rows and the model's input check fails.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

HEIGHT, WIDTH, CHANNELS = 48, 48, 3
N_CLASSES = 4


def build(num_classes):
    inputs = keras.Input(shape=(HEIGHT, WIDTH, CHANNELS), name="image")
    x = layers.Rescaling(1.0 / 255)(inputs)
    x = layers.Conv2D(8, 3, padding="same", activation="relu")(x)
    x = layers.MaxPooling2D()(x)
    x = layers.Conv2D(16, 3, padding="same", activation="relu")(x)
    x = layers.GlobalAveragePooling2D()(x)
    outputs = layers.Dense(num_classes, activation="softmax")(x)
    return keras.Model(inputs, outputs, name="classifier")


rng = np.random.default_rng(2)
train_x = rng.integers(0, 256, size=(16, HEIGHT, WIDTH, CHANNELS)).astype("float32")
train_y = rng.integers(0, N_CLASSES, size=16)
model = build(N_CLASSES)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(train_x, train_y, epochs=1, batch_size=8, verbose=0)

image = train_x[0]
probs = model.predict(image, verbose=0)  # expect: ST117
print(probs.shape)
