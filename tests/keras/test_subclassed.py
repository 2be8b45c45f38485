"""Subclassed models and layers: layers built in __init__, shapes traced through call()."""

from __future__ import annotations

import pytest

from tests.keras.support import assert_reports_marked, fixed, shape_codes

HEAD = """
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
"""

MLP = HEAD + """
class MLP(keras.Model):
    def __init__(self, classes):
        super().__init__()
        self.flatten = layers.Flatten()
        self.hidden = layers.Dense(32, activation="relu")
        self.out = layers.Dense(classes, activation="softmax")

    def call(self, x):
        x = self.flatten(x)
        return self.out(self.hidden(x))

"""

CASES = [
    ("pattern 9: predict without the batch axis", HEAD + """
class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = layers.Conv2D(4, 3)
        self.gap = layers.GlobalAveragePooling2D()

    def call(self, x):
        return self.gap(self.conv(x))  # <- ST117

model = Net()
model.compile("adam", "mse")
model.fit(np.zeros((8, 16, 16, 3)), np.zeros((8, 4)))
model.predict(np.zeros((16, 16, 3)))
""", ("model.predict(np.zeros((16, 16, 3)))", "model.predict(np.zeros((1, 16, 16, 3)))")),
    ("pattern 10: colour images after grayscale training", HEAD + """
class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = layers.Conv2D(4, 3)
        self.gap = layers.GlobalAveragePooling2D()

    def call(self, x):
        return self.gap(self.conv(x))  # <- ST117

model = Net()
model(np.zeros((2, 16, 16, 1), dtype="float32"))
model(np.zeros((2, 16, 16, 3), dtype="float32"))
""", ("np.zeros((2, 16, 16, 3)", "np.zeros((2, 16, 16, 1)")),
    ("pattern 11: integer labels, categorical loss", MLP + """
model = MLP(4)
model.compile("adam", keras.losses.CategoricalCrossentropy())
model.fit(np.zeros((12, 5, 5)), np.random.randint(0, 4, size=12))  # <- ST118
""", ("keras.losses.CategoricalCrossentropy()", "keras.losses.SparseCategoricalCrossentropy()")),
    ("pattern 13: labels as (classes, samples)", MLP + """
model = MLP(3)
model.compile("adam", "categorical_crossentropy")
labels = keras.utils.to_categorical(np.random.randint(0, 3, size=30), 3)
model.fit(np.zeros((30, 4)), labels.T)  # <- ST118
""", ("labels.T)", "labels)")),
    ("pattern 27: no Flatten in call", HEAD + """
class MLP(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = layers.Dense(32, activation="relu")
        self.out = layers.Dense(10)

    def call(self, x):
        return self.out(self.hidden(x))

model = MLP()
model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(np.zeros((32, 28, 28)), np.zeros(32), batch_size=8)  # <- ST118
""", ("return self.out(self.hidden(x))", "return self.out(self.hidden(tf.reshape(x, (-1, 784))))")),
    ("pattern 28: three target columns for two outputs", MLP + """
model = MLP(2)
model.compile("adam", "mae")
model.fit(np.zeros((10, 6)), np.zeros((10, 3)), batch_size=5)  # <- ST118
""", ("model = MLP(2)", "model = MLP(3)")),
    ("pattern 33: second LSTM on the last state only", HEAD + """
class Encoder(keras.Model):
    def __init__(self):
        super().__init__()
        self.first = layers.LSTM(8)
        self.second = layers.LSTM(4)

    def call(self, x):
        return self.second(self.first(x))  # <- ST119

encoder = Encoder()
encoder(np.zeros((2, 10, 3), dtype="float32"))
""", ("self.first = layers.LSTM(8)", "self.first = layers.LSTM(8, return_sequences=True)")),
]


@pytest.mark.parametrize("name,source,edit", CASES, ids=[c[0] for c in CASES])
def test_bug_is_reported_at_its_line(name, source, edit):
    assert_reports_marked(source)


@pytest.mark.parametrize("name,source,edit", CASES, ids=[c[0] for c in CASES])
def test_fixed_twin_is_clean(name, source, edit):
    assert shape_codes(fixed(source, *edit)) == []


def test_custom_layer_build_creates_weights_from_the_input_shape():
    source = HEAD + """
class Linear(layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units))
        self.b = self.add_weight(shape=(self.units,))

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b

inputs = keras.Input((20,))
outputs = Linear(4)(inputs)
model = keras.Model(inputs, outputs)
model.compile("adam", "mse")
model.fit(np.zeros((8, 20)), np.zeros((8, 5)), batch_size=4)  # <- ST118
"""
    assert_reports_marked(source)
    assert shape_codes(fixed(source, "np.zeros((8, 5))", "np.zeros((8, 4))")) == []


def test_custom_layer_with_wrong_weight_shape_fails_inside_call():
    assert_reports_marked(HEAD + """
class Linear(layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(10, 4))

    def call(self, inputs):
        return tf.matmul(inputs, self.w)  # <- ST101

x = keras.Input((20,))
y = Linear()(x)
""")


def test_subclassed_model_inside_sequential_and_functional():
    assert_reports_marked(HEAD + """
class Block(layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = layers.Dense(6)

    def call(self, x):
        return self.dense(x)  # <- ST117

block = Block()
model = keras.Sequential([keras.Input((3,)), block, layers.Dense(2)])
inputs = keras.Input((4,))
other = block(inputs)
""")


def test_build_method_of_a_model():
    assert_reports_marked(HEAD + """
class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = layers.Dense(4)
        self.b = layers.Reshape((3, 3))

    def call(self, x):
        return self.b(self.a(x))  # <- ST104

net = Net()
net.build((None, 7))
""")


def test_custom_training_loop_over_a_dataset():
    source = HEAD + """
model = keras.Sequential([keras.Input((6,)), layers.Dense(3)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = keras.optimizers.Adam()
x = np.random.rand(32, 6).astype("float32")
y = np.random.randint(0, 3, size=(32, 3))
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(8)
for step, (xb, yb) in enumerate(dataset):
    with tf.GradientTape() as tape:
        logits = model(xb, training=True)
        loss = loss_fn(yb, logits)  # <- ST109
    grads = tape.gradient(loss, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
"""
    assert_reports_marked(source)
    assert shape_codes(fixed(source, "size=(32, 3)", "size=(32,)")) == []
