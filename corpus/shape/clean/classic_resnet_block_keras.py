# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# ResNet-style functional model: identity blocks with Add skip connections and projection
# blocks (1x1 conv shortcut with stride 2) when the channel count or resolution changes.
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, Model


def identity_block(x, filters):
    shortcut = x
    y = layers.Conv2D(filters, 3, padding="same", use_bias=False)(x)
    y = layers.BatchNormalization()(y)
    y = layers.ReLU()(y)
    y = layers.Conv2D(filters, 3, padding="same", use_bias=False)(y)
    y = layers.BatchNormalization()(y)
    y = layers.Add()([y, shortcut])
    return layers.ReLU()(y)


def projection_block(x, filters, stride=2):
    shortcut = layers.Conv2D(filters, 1, strides=stride, use_bias=False)(x)
    shortcut = layers.BatchNormalization()(shortcut)
    y = layers.Conv2D(filters, 3, strides=stride, padding="same", use_bias=False)(x)
    y = layers.BatchNormalization()(y)
    y = layers.ReLU()(y)
    y = layers.Conv2D(filters, 3, padding="same", use_bias=False)(y)
    y = layers.BatchNormalization()(y)
    y = layers.Add()([y, shortcut])
    return layers.ReLU()(y)


def resnet_mini(input_shape=(24, 24, 3), classes=5):
    inputs = layers.Input(input_shape)
    x = layers.Conv2D(16, 3, padding="same", activation="relu")(inputs)
    x = identity_block(x, 16)
    x = projection_block(x, 32)   # 24 -> 12
    x = identity_block(x, 32)
    x = projection_block(x, 64)   # 12 -> 6
    x = layers.GlobalAveragePooling2D()(x)
    outputs = layers.Dense(classes)(x)
    return Model(inputs, outputs)


rng = np.random.RandomState(21)
x_train = rng.rand(24, 24, 24, 3).astype(np.float32)
y_train = rng.randint(0, 5, size=(24,))

net = resnet_mini()
net.compile(optimizer="adam",
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=["sparse_categorical_accuracy"])
net.fit(x_train, y_train, batch_size=8, epochs=1, verbose=0)
logits = net.predict(x_train[:4], verbose=0)
print("logits", logits.shape, "argmax", np.argmax(logits, axis=1))
print("params", net.count_params())
