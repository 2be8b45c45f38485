# pattern: clean
# style: keras
# tf: 2.15, 2.21
# A small convolutional classifier for 32x32 colour images built with the functional API:
# two conv blocks with BatchNormalization and pooling, Flatten, Dense head, one-hot labels
# with categorical cross-entropy.
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

IMAGE_SIZE = 32
CHANNELS = 3
NUM_CLASSES = 6


def conv_block(x, filters, name):
    x = layers.Conv2D(filters, (3, 3), padding="same", name=name + "_conv1")(x)
    x = layers.BatchNormalization(name=name + "_bn1")(x)
    x = layers.Activation("relu", name=name + "_relu1")(x)
    x = layers.Conv2D(filters, (3, 3), padding="valid", name=name + "_conv2")(x)
    x = layers.Activation("relu", name=name + "_relu2")(x)
    return layers.MaxPooling2D(pool_size=(2, 2), name=name + "_pool")(x)


def make_model():
    inputs = keras.Input(shape=(IMAGE_SIZE, IMAGE_SIZE, CHANNELS), name="image")
    x = layers.Rescaling(1.0 / 255)(inputs)
    x = conv_block(x, 16, "block1")   # 32 -> 30 -> 15
    x = conv_block(x, 32, "block2")   # 15 -> 13 -> 6
    x = layers.Flatten()(x)
    x = layers.Dense(64, activation="relu")(x)
    x = layers.Dropout(0.25)(x)
    outputs = layers.Dense(NUM_CLASSES, activation="softmax", name="probs")(x)
    return keras.Model(inputs, outputs, name="small_cnn")


rng = np.random.RandomState(11)
pixels = rng.randint(0, 256, size=(40, IMAGE_SIZE, IMAGE_SIZE, CHANNELS)).astype("float32")
label_ids = rng.randint(0, NUM_CLASSES, size=40)
one_hot = keras.utils.to_categorical(label_ids, NUM_CLASSES)

model = make_model()
model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3),
              loss="categorical_crossentropy",
              metrics=["accuracy"])
model.fit(pixels[:32], one_hot[:32], batch_size=8, epochs=1, verbose=0)
scores = model.evaluate(pixels[32:], one_hot[32:], verbose=0)
print("held-out loss/acc:", scores)
single = pixels[0:1]
print("one image ->", model.predict(single, verbose=0).shape)
for layer in model.layers:
    if "pool" in layer.name:
        print(layer.name, layer.output.shape)
