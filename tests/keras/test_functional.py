"""Functional models: graphs of layer calls, several inputs and outputs, nesting, shared layers."""

from __future__ import annotations

import pytest

from tests.keras.support import assert_reports_marked, fixed, messages, shape_codes

HEAD = """
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers
"""

CASES = [
    ("pattern 9: predict on one image", HEAD + """
inputs = keras.Input((32, 32, 3))
x = layers.Conv2D(8, 3, activation="relu")(inputs)
x = layers.GlobalAveragePooling2D()(x)
model = keras.Model(inputs, layers.Dense(4)(x))
image = np.random.rand(32, 32, 3)
model.predict(image)  # <- ST117
""", ("model.predict(image)", "model.predict(np.expand_dims(image, 0))")),
    ("pattern 10: grayscale scans into an RGB model", HEAD + """
inputs = keras.Input((64, 64, 3))
x = layers.Conv2D(8, 3)(inputs)
x = layers.Flatten()(x)
model = keras.Model(inputs, layers.Dense(1, activation="sigmoid")(x))
model.compile("adam", "binary_crossentropy")
model.fit(np.zeros((8, 64, 64, 1)), np.zeros((8, 1)))  # <- ST117
""", ("keras.Input((64, 64, 3))", "keras.Input((64, 64, 1))")),
    ("pattern 11: two inputs, integer labels, categorical loss", HEAD + """
a = keras.Input((4,))
b = keras.Input((6,))
h = layers.Dense(8, activation="relu")(layers.concatenate([a, b]))
model = keras.Model([a, b], layers.Dense(3, activation="softmax")(h))
model.compile("adam", "categorical_crossentropy")
model.fit([np.zeros((20, 4)), np.zeros((20, 6))], np.random.randint(0, 3, size=20))  # <- ST118
""", ('"categorical_crossentropy"', '"sparse_categorical_crossentropy"')),
    ("pattern 13: targets stored (outputs, samples)", HEAD + """
inputs = keras.Input((7,))
model = keras.Model(inputs, layers.Dense(3)(inputs))
model.compile("adam", "mse")
targets = np.random.rand(3, 50)
model.fit(np.random.rand(50, 7), targets)  # <- ST118
""", ("targets = np.random.rand(3, 50)", "targets = np.random.rand(3, 50).T")),
    ("pattern 27: Dense applied to images without Flatten", HEAD + """
inputs = keras.Input((28, 28))
outputs = layers.Dense(10, activation="softmax")(layers.Dense(32)(inputs))
model = keras.Model(inputs, outputs)
model.compile("adam", "sparse_categorical_crossentropy")
model.fit(np.zeros((16, 28, 28)), np.zeros((16,)), batch_size=8)  # <- ST118
""", ("layers.Dense(32)(inputs)", "layers.Dense(32)(layers.Flatten()(inputs))")),
    ("pattern 28: a sigmoid unit against two one-hot columns", HEAD + """
inputs = keras.Input((10,))
model = keras.Model(inputs, layers.Dense(1, activation="sigmoid")(inputs))
model.compile("adam", "binary_crossentropy")
y = keras.utils.to_categorical(np.random.randint(0, 2, size=30), 2)
model.fit(np.random.rand(30, 10), y)  # <- ST118
""", ('layers.Dense(1, activation="sigmoid")', 'layers.Dense(2, activation="softmax")')),
    ("pattern 33: LSTM on flat features", HEAD + """
inputs = keras.Input(shape=(20,))
x = layers.LSTM(16)(inputs)  # <- ST119
""", ("shape=(20,)", "shape=(20, 1)")),
    ("Concatenate with mismatched sequence lengths", HEAD + """
a = keras.Input((10, 4))
b = keras.Input((12, 4))
merged = layers.Concatenate(axis=-1)([a, b])  # <- ST108
""", ("axis=-1", "axis=1")),
    ("Add of branches with different widths", HEAD + """
inputs = keras.Input((16,))
left = layers.Dense(8)(inputs)
right = layers.Dense(4)(inputs)
total = layers.add([left, right])  # <- ST103
""", ("layers.Dense(4)(inputs)", "layers.Dense(8)(inputs)")),
]


@pytest.mark.parametrize("name,source,edit", CASES, ids=[c[0] for c in CASES])
def test_bug_is_reported_at_its_line(name, source, edit):
    assert_reports_marked(source)


@pytest.mark.parametrize("name,source,edit", CASES, ids=[c[0] for c in CASES])
def test_fixed_twin_is_clean(name, source, edit):
    assert shape_codes(fixed(source, *edit)) == []


def test_functional_input_spec_wording():
    [message] = messages(HEAD + """
inputs = keras.Input((28, 28, 1), name="digits")
model = keras.Model(inputs, layers.Dense(10)(layers.Flatten()(inputs)), name="mlp")
model.predict(np.zeros((4, 32, 32, 1)))
""")
    assert message == ("Input 0 with name 'digits' of layer 'mlp' is incompatible with the layer: "
                       "expected shape=(None, 28, 28, 1), found shape=(4, 32, 32)")


def test_nested_models_are_replayed_on_their_new_inputs():
    assert_reports_marked(HEAD + """
encoder_in = keras.Input((784,))
encoder = keras.Model(encoder_in, layers.Dense(32)(encoder_in))
decoder_in = keras.Input((16,))
decoder = keras.Model(decoder_in, layers.Dense(784)(decoder_in))
image = keras.Input((784,))
code = encoder(image)
restored = decoder(code)  # <- ST117
""")


def test_shared_layer_keeps_its_built_input_size():
    assert_reports_marked(HEAD + """
shared = layers.Dense(8)
a = keras.Input((5,))
b = keras.Input((6,))
ya = shared(a)
yb = shared(b)  # <- ST117
""")


def test_shared_lstm_fails_only_on_data():
    source = HEAD + """
shared = layers.LSTM(4)
a = keras.Input((10, 3))
b = keras.Input((10, 5))
model = keras.Model([a, b], layers.concatenate([shared(a), shared(b)]))
model.predict([np.zeros((2, 10, 3)), np.zeros((2, 10, 5))])  # <- ST119
"""
    assert_reports_marked(source)


def test_replay_checks_layers_on_data_of_another_shape():
    assert_reports_marked(HEAD + """
inputs = keras.Input((None, None, 1))
x = layers.Conv2D(4, 5)(inputs)
model = keras.Model(inputs, layers.GlobalMaxPooling2D()(x))
model.predict(np.zeros((2, 3, 3, 1)))  # <- ST106
""")


def test_dict_inputs_and_outputs():
    source = HEAD + """
title = keras.Input((10,), name="title")
tags = keras.Input((12,), name="tags")
x = layers.concatenate([layers.Dense(4)(title), tags])
model = keras.Model(inputs=[title, tags], outputs={"score": layers.Dense(1)(x), "dept": layers.Dense(4)(x)})
model.compile("adam", loss={"score": "mse", "dept": "categorical_crossentropy"})
model.fit({"title": np.zeros((8, 10)), "tags": np.zeros((8, 12))},
          {"score": np.zeros((8, 1)), "dept": np.zeros((8, 3))})  # <- ST118
"""
    lines = source.splitlines()
    codes = shape_codes(source)
    assert codes == [(len(lines) - 1, "ST118")]
    clean = source.replace("np.zeros((8, 3))", "np.zeros((8, 4))")
    assert shape_codes(clean) == []


def test_lambda_layer_runs_the_users_function():
    assert_reports_marked(HEAD + """
import tensorflow as tf
inputs = keras.Input((6, 4))
pooled = layers.Lambda(lambda t: tf.reduce_mean(t, axis=1))(inputs)
out = layers.Dense(2)(pooled)
model = keras.Model(inputs, out)
model.predict(np.zeros((3, 6, 5)))  # <- ST117
""")


def test_attention_blocks():
    assert shape_codes(HEAD + """
tokens = keras.Input((12, 32))
attended = layers.MultiHeadAttention(num_heads=4, key_dim=8)(tokens, tokens)
x = layers.LayerNormalization()(layers.Add()([tokens, attended]))
query = keras.Input((5, 32))
context = layers.Attention()([query, x])
model = keras.Model([tokens, query], layers.GlobalAveragePooling1D()(context))
print(model.output_shape)
""") == []
