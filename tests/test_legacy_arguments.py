"""Keras constructor arguments another Keras refuses (constraints/core/legacy_arguments.py)."""

from __future__ import annotations

import pytest

from shapetracer.constraints import family_modules
from shapetracer.constraints.core.legacy_arguments import EXAMPLES, KERAS1_ARGUMENTS
from shapetracer.domain.analysis import analysing
from shapetracer.domain.target import target_for
from shapetracer.frontend.interpreter import Interpreter
from shapetracer.frontend.source import read_and_parse

family_modules()


def api_reports(source: str, version: str, legacy_keras: bool = False) -> list:
    with analysing():
        interpreter = Interpreter(target=target_for(version, legacy_keras=legacy_keras))
        interpreter.run_file("prog.py", None, read_and_parse(source.encode()))
    return [r for r in interpreter.reports if r.code.startswith("ST4")]


@pytest.mark.parametrize("source,version,code", EXAMPLES,
                         ids=[f"{v}:{s.splitlines()[-1][:50]}" for s, v, c in EXAMPLES])
def test_example(source, version, code):
    assert [r.code for r in api_reports(source, version)] == ([code] if code else [])


def test_every_refused_example_has_a_passing_twin_next_to_it():
    for index, (source, version, code) in enumerate(EXAMPLES):
        if code:
            twin = EXAMPLES[index + 1]
            assert twin[2] is None and (twin[0] == source or twin[1] == version)


def test_message_quotes_each_keras_and_names_the_new_spelling():
    source = "from keras.layers import Conv2D\nc = Conv2D(16, 3, border_mode='same', subsample=(2, 2))\n"
    [keras2] = api_reports(source, "2.15")
    assert "Conv2D(): ('Keyword argument not understood:', 'border_mode')" in keras2.message.text
    assert keras2.message.args["renames"] == (("border_mode", "padding"), ("subsample", "strides"))
    assert "border_mode= is Keras 1's name for padding=" in keras2.message.text
    assert "subsample= is Keras 1's name for strides=" in keras2.message.text
    [keras3] = api_reports(source, "2.21")
    assert "Unrecognized keyword arguments passed to Conv2D: {'border_mode': ...}" in keras3.message.text


def test_a_missing_required_argument_comes_first():
    [report] = api_reports("from keras.layers import Dropout\nd = Dropout(p=0.5)\n", "2.21")
    assert "missing 1 required positional argument: 'rate'" in report.message.text
    assert "p= is Keras 1's name for rate=" in report.message.text


def test_tf_keras_under_legacy_keras_is_keras_2():
    source = "import tensorflow as tf\nd = tf.keras.layers.Dense(4, init='zeros', weights=None)\n"
    [report] = api_reports(source, "2.21", legacy_keras=True)
    assert "('Keyword argument not understood:', 'init')" in report.message.text
    assert [old for old, _ in report.message.args["renames"]] == ["init"]  # tf_keras still takes weights=


def test_no_keras1_name_is_an_argument_keras_2_itself_names():
    # a Keras 1 name a Keras 2 class takes itself (LSTM's dropout=) must never be in its row
    assert "dropout" not in KERAS1_ARGUMENTS["LSTM"]
    assert "dropout" in KERAS1_ARGUMENTS["Embedding"]
