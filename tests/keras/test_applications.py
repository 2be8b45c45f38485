"""Pretrained applications as the base of transfer-learning models."""

from __future__ import annotations

import pytest

from tests.keras.support import assert_reports_marked, messages, shape_codes

HEAD = """
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers
"""


def test_grayscale_input_to_an_imagenet_network():
    assert messages(HEAD + """
base = keras.applications.VGG16(weights="imagenet", include_top=False, input_shape=(150, 150, 1))
""") == ["The input must have 3 channels; Received `input_shape=(150, 150, 1)`"]


def test_transfer_learning_head_and_data():
    source = HEAD + """
base = keras.applications.MobileNetV2(include_top=False, input_shape=(96, 96, 3), weights="imagenet")
base.trainable = False
model = keras.Sequential([base, layers.GlobalAveragePooling2D(), layers.Dense(5, activation="softmax")])
model.compile("adam", "sparse_categorical_crossentropy")
model.fit(np.zeros((8, 96, 96, 3)), np.zeros(8))
model.predict(np.zeros((2, 128, 128, 3)))  # <- ST117
"""
    assert_reports_marked(source)


@pytest.mark.parametrize("name,size,side,channels", [
    ("VGG16", 150, 4, 512), ("ResNet50", 150, 5, 2048), ("InceptionV3", 299, 8, 2048), ("Xception", 150, 5, 2048),
    ("DenseNet121", 97, 3, 1024), ("MobileNetV2", 97, 4, 1280), ("EfficientNetB0", 131, 5, 1280),
])
def test_feature_map_sizes_match_keras(name, size, side, channels):
    """Sizes checked against keras.applications in TensorFlow 2.21."""
    source = HEAD + f"""
base = keras.applications.{name}(weights=None, include_top=False, input_shape=({size}, {size}, 3))
flat = layers.Reshape(({side * side * channels},))(base.output)
bad = layers.Reshape(({(side + 1) * side * channels},))(base.output)  # <- ST104
"""
    assert_reports_marked(source)


def test_functional_head_on_a_base_model():
    assert shape_codes(HEAD + """
inputs = keras.Input((160, 160, 3))
base = keras.applications.ResNet50(include_top=False, weights="imagenet", input_tensor=inputs, pooling="avg")
outputs = layers.Dense(10, activation="softmax")(base.output)
model = keras.Model(inputs, outputs)
model.compile("adam", "categorical_crossentropy")
model.fit(np.zeros((4, 160, 160, 3)), keras.utils.to_categorical(np.zeros(4), 10))
""") == []
