"""Sequential models: built from a list or with .add, checked as soon as their input is known."""

from __future__ import annotations

import pytest

from tests.keras.support import assert_reports_marked, fixed, messages, shape_codes

HEAD = """
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers
"""

# (name, buggy program, (old, new) edit that fixes it)
CASES = [
    ("pattern 27: Dense declared for 784 pixels, fitted on 28x28 images", HEAD + """
model = keras.Sequential([
    layers.Dense(128, activation="relu", input_shape=(784,)),
    layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
x = np.random.rand(64, 28, 28)
y = np.random.randint(0, 10, size=64)
model.fit(x, y, epochs=1)  # <- ST117
""", ("x = np.random.rand(64, 28, 28)", "x = np.random.rand(64, 28, 28).reshape(64, 784)")),
    ("pattern 27: lazily built MLP on images gives one prediction per row", HEAD + """
model = keras.Sequential([layers.Dense(64, activation="relu"), layers.Dense(10, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(np.zeros((32, 28, 28)), np.zeros(32), batch_size=8)  # <- ST118
""", ("model = keras.Sequential([layers.Dense", "model = keras.Sequential([layers.Flatten(), layers.Dense")),
    ("pattern 9: predict on one image without its batch axis", HEAD + """
model = keras.Sequential([keras.Input((64, 64, 3)), layers.Conv2D(4, 3), layers.Flatten(), layers.Dense(2)])
img = np.random.rand(64, 64, 3)
model.predict(img)  # <- ST117
""", ("model.predict(img)", "model.predict(img.reshape(1, 64, 64, 3))")),
    ("pattern 10: RGB images into a grayscale model", HEAD + """
model = keras.Sequential()
model.add(layers.Conv2D(8, (3, 3), input_shape=(28, 28, 1)))
model.add(layers.Flatten())
model.add(layers.Dense(10))
model.compile("adam", "mse")
model.fit(np.zeros((16, 28, 28, 3)), np.zeros((16, 10)))  # <- ST117
""", ("np.zeros((16, 28, 28, 3))", "np.zeros((16, 28, 28, 1))")),
    ("pattern 11: integer labels with categorical_crossentropy", HEAD + """
model = keras.Sequential([keras.Input((20,)), layers.Dense(5, activation="softmax")])
model.compile(optimizer="sgd", loss="categorical_crossentropy", metrics=["accuracy"])
labels = np.random.randint(0, 5, size=(100,))
model.fit(np.random.rand(100, 20), labels)  # <- ST118
""", ('loss="categorical_crossentropy"', 'loss="sparse_categorical_crossentropy"')),
    ("pattern 11: one-hot labels with the sparse loss", HEAD + """
model = keras.Sequential([keras.Input((20,)), layers.Dense(5, activation="softmax")])
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
labels = keras.utils.to_categorical(np.random.randint(0, 5, size=100), 5)
model.fit(np.random.rand(100, 20), labels)  # <- ST118
""", ('loss="sparse_categorical_crossentropy"', 'loss="categorical_crossentropy"')),
    ("pattern 13: one-hot labels transposed", HEAD + """
model = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy")
y = keras.utils.to_categorical(np.random.randint(0, 3, size=50), 3)
model.fit(np.random.rand(50, 4), y.T)  # <- ST118
""", ("y.T)", "y)")),
    ("pattern 28: labels (N, 1) with categorical_crossentropy", HEAD + """
model = keras.Sequential([layers.Dense(10, activation="softmax", input_dim=784)])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(np.random.rand(60, 784), np.random.randint(0, 10, size=(60, 1)))  # <- ST118
""", ('loss="categorical_crossentropy"', 'loss="sparse_categorical_crossentropy"')),
    ("pattern 28: Dense(10) with 5 one-hot classes", HEAD + """
model = keras.Sequential([keras.Input((8,)), layers.Dense(10, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy")
y = keras.utils.to_categorical(np.random.randint(0, 5, size=40), num_classes=5)
model.fit(np.random.rand(40, 8), y)  # <- ST118
""", ("layers.Dense(10,", "layers.Dense(5,")),
    ("pattern 33: stacked LSTMs without return_sequences", HEAD + """
model = keras.Sequential([  # <- ST119
    layers.LSTM(32, input_shape=(10, 8)),
    layers.LSTM(16),
    layers.Dense(1),
])
""", ("layers.LSTM(32, input_shape=(10, 8))", "layers.LSTM(32, input_shape=(10, 8), return_sequences=True)")),
    ("pattern 33: LSTM given 2-D input through .add", HEAD + """
model = keras.Sequential()
model.add(layers.Input(shape=(100,)))
model.add(layers.LSTM(8))  # <- ST119
""", ("model.add(layers.Input(shape=(100,)))", "model.add(layers.Input(shape=(100, 1)))")),
    ("a Reshape layer that cannot hold the Dense output", HEAD + """
model = keras.Sequential()
model.add(layers.Dense(100, input_shape=(10,)))
model.add(layers.Reshape((7, 7)))  # <- ST104
""", ("layers.Reshape((7, 7))", "layers.Reshape((10, 10))")),
    ("a kernel larger than the pooled image", HEAD + """
model = keras.Sequential([  # <- ST106
    keras.Input((28, 28, 1)),
    layers.MaxPooling2D(),
    layers.MaxPooling2D(),
    layers.MaxPooling2D(),
    layers.Conv2D(8, 5),
])
""", ("layers.Conv2D(8, 5)", "layers.Conv2D(8, 3)")),
]


@pytest.mark.parametrize("name,source,edit", CASES, ids=[c[0] for c in CASES])
def test_bug_is_reported_at_its_line(name, source, edit):
    assert_reports_marked(source)


@pytest.mark.parametrize("name,source,edit", CASES, ids=[c[0] for c in CASES])
def test_fixed_twin_is_clean(name, source, edit):
    assert shape_codes(fixed(source, *edit)) == []


def test_keras_wording_names_the_layer_and_the_shapes():
    [message] = messages(HEAD + """
model = keras.Sequential([keras.Input((784,)), layers.Dense(64), layers.Dense(10)])
model.predict(np.zeros((4, 100)))
""")
    assert message == ("Input 0 with name 'None' of layer 'dense' is incompatible with the layer: expected axis -1 "
                       "of input shape to have value 784, but received input with shape (4, 100)")


def test_model_is_checked_when_built_without_fit():
    assert_reports_marked(HEAD + """
def build():
    return keras.Sequential([keras.Input((10, 4)), layers.GRU(8), layers.GRU(4)])  # <- ST119
""")


def test_output_shape_attribute_and_nested_sequential():
    source = HEAD + """
base = keras.Sequential([keras.Input((32,)), layers.Dense(16)])
model = keras.Sequential([base, layers.Dense(4)])
print(model.output_shape)
head = keras.Sequential([layers.Dense(2, input_shape=(8,))])
bad = keras.Sequential([base, head])  # <- ST117
"""
    assert_reports_marked(source)


def test_pop_and_build():
    assert_reports_marked(HEAD + """
model = keras.Sequential([layers.Dense(8), layers.Dense(3)])
model.build((None, 5))
model.pop()
model.add(layers.Reshape((2, 2)))  # <- ST104
""")


def test_unknown_layers_make_the_model_unknown():
    assert shape_codes(HEAD + """
import mylib
model = keras.Sequential([mylib.Block(), layers.Dense(3)])
model.compile("adam", "categorical_crossentropy")
model.fit(np.zeros((10, 5)), np.zeros((10,)))
""") == []
