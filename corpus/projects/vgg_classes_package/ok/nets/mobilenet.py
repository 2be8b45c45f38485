"""A tiny depthwise-separable network with the same interface as VGG16."""
from tensorflow.keras import layers, models


def MobileNet(input_shape=None, classes=1000):
    inputs = layers.Input(shape=input_shape)
    x = layers.Conv2D(8, 3, strides=2, padding="same", activation="relu")(inputs)
    x = layers.SeparableConv2D(16, 3, strides=2, padding="same", activation="relu")(x)
    x = layers.GlobalAveragePooling2D()(x)
    outputs = layers.Dense(classes, activation="softmax")(x)
    return models.Model(inputs, outputs, name="mobilenet")
