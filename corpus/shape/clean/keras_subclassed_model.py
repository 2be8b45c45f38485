# pattern: clean
# style: keras
# tf: 1.15, 2.15, 2.21
# Subclassed Keras: a residual block written as a custom Layer (with build), a ResNet-style
# Model made of those blocks, trained with fit and a tf.data pipeline, then evaluated.
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers


class ScaledDense(layers.Layer):
    """A Dense layer with a learned output scale, creating its weights in build()."""

    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")
        self.scale = self.add_weight(shape=(self.units,), initializer="ones")

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel) * self.scale


class ResidualBlock(layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv1 = layers.Conv2D(filters, 3, padding="same", activation="relu")
        self.conv2 = layers.Conv2D(filters, 3, padding="same")
        self.add = layers.Add()
        self.act = layers.Activation("relu")

    def call(self, inputs):
        x = self.conv1(inputs)
        x = self.conv2(x)
        return self.act(self.add([x, inputs]))


class TinyResNet(keras.Model):
    def __init__(self, num_classes=10, filters=16):
        super().__init__()
        self.stem = layers.Conv2D(filters, 3, padding="same", activation="relu")
        self.block1 = ResidualBlock(filters)
        self.pool = layers.MaxPooling2D()
        self.block2 = ResidualBlock(filters)
        self.gap = layers.GlobalAveragePooling2D()
        self.embed = ScaledDense(32)
        self.classifier = layers.Dense(num_classes)

    def call(self, images, training=False):
        x = self.stem(images)
        x = self.block1(x)
        x = self.pool(x)
        x = self.block2(x)
        x = self.gap(x)
        return self.classifier(self.embed(x))


rng = np.random.default_rng(0)
images = rng.random((32, 16, 16, 3)).astype("float32")
labels = rng.integers(0, 10, size=32)
train_ds = tf.data.Dataset.from_tensor_slices((images, labels)).shuffle(32).batch(8)

model = TinyResNet(num_classes=10)
model.compile(optimizer=keras.optimizers.Adam(1e-3),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
model.fit(train_ds, epochs=1, verbose=0)
logits = model(images[:4])
print("logits:", logits.shape)
print("eval:", model.evaluate(images, labels, batch_size=8, verbose=0))
