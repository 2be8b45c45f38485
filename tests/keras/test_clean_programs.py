"""Realistic clean Keras programs (corpus/shape/clean/keras_*.py) give no finding, with every
library call modelled; a one-line sabotage of each is caught where Keras fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapetracer.engine import Options, check_file, check_source

CLEAN = sorted((Path(__file__).resolve().parents[2] / "corpus" / "shape" / "clean").glob("keras_*.py"))


@pytest.mark.parametrize("path", CLEAN, ids=[p.name for p in CLEAN])
def test_clean_program_has_no_finding_and_is_fully_modelled(path):
    result = check_file(path, Options(generic=False))
    assert result.findings == []
    assert result.stats.not_modelled == 0, result.stats.not_modelled_names
    assert result.stats.modelled >= 20


# (program, line to change, its sabotaged form, the code Keras' failure maps to)
SABOTAGE = [
    ("keras_cnn_classifier.py", "    y_train = keras.utils.to_categorical(y_train, NUM_CLASSES)\n", "", "ST118"),
    ("keras_autoencoder.py", "layers.Reshape((7, 7, 32))", "layers.Reshape((7, 7, 16))", "ST104"),
    ("keras_autoencoder.py", "decoder(encoder(image_in))", "decoder(encoder(layers.MaxPooling2D()(image_in)))", "ST117"),
    ("keras_lstm_text.py", "size=(24, MAX_LEN))", "size=(24, MAX_LEN + 1))", "ST118"),
    ("keras_lstm_text.py", "layers.Bidirectional(layers.LSTM(16, return_sequences=True))",
     "layers.Bidirectional(layers.LSTM(16))", "ST119"),
    ("keras_multi_input_model.py", '"body": body_data,', '"body": body_data[:, :30],', "ST117"),
    ("keras_multi_input_model.py", '"department": dept_targets}', '"department": dept_targets[:, :3]}', "ST118"),
    ("keras_subclassed_model.py", "shape=(input_shape[-1], self.units)", "shape=(input_shape[-1] + 1, self.units)",
     "ST101"),
    ("keras_subclassed_model.py", "self.conv2 = layers.Conv2D(filters, 3", "self.conv2 = layers.Conv2D(filters + 1, 3",
     "ST103"),
]


@pytest.mark.parametrize("name,old,new,code", SABOTAGE, ids=[f"{s[0]}:{s[3]}" for s in SABOTAGE])
def test_sabotaged_program_is_caught(name, old, new, code):
    source = (CLEAN[0].parent / name).read_text()
    assert old in source
    result = check_source(source.replace(old, new, 1).encode(), name, None, Options(generic=False))
    assert [f.code for f in result.findings] == [code]
