"""A shortened VGG16: three conv stages and a classifier head."""
from tensorflow.keras import layers, models


def VGG16(input_shape=None, num_classes=1000):
    inputs = layers.Input(shape=input_shape)
    x = inputs
    for filters in (8, 16, 16):
        x = layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
        x = layers.MaxPooling2D(2)(x)
    x = layers.Flatten()(x)
    x = layers.Dense(32, activation="relu")(x)
    outputs = layers.Dense(num_classes, activation="softmax")(x)
    return models.Model(inputs, outputs, name="vgg16")
