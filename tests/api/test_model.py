"""The shipped API models answer what the real releases export (data: shapetracer/api/data)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shapetracer.api import model
from shapetracer.api.model import (KEYWORD_ONLY, POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD,
                                   VAR_KEYWORD, check_call, parse_signature)

API_DIR = Path(model.__file__).parent
ALL = ("1.15", "2.15", "2.21")


def test_shipped_versions() -> None:
    assert model.versions() == list(ALL)
    assert model.load("tf2.15") is model.load("2.15.1") is model.load("2.15")
    assert model.load("1.15").versions["keras"] == "2.3.1"
    assert model.load("2.21").versions["keras"].startswith("3.")
    assert model.closest("2.17") == "2.15" and model.closest("2.20.1") == "2.21"
    with pytest.raises(LookupError):
        model.load("3.0")


def test_placeholder_is_tf1_only_and_replaced_by_compat() -> None:
    assert model.load("1.15").has("tf.placeholder") is True
    assert model.load("1.15").replacement("tf.placeholder") is None
    for version in ("2.15", "2.21"):
        api = model.load(version)
        assert api.has("tf.placeholder") is False
        assert api.replacement("tf.placeholder") == "tf.compat.v1.placeholder"
        assert api.kind("tf.compat.v1.placeholder") == "function"


def test_renamed_names_suggest_the_same_object_under_its_new_name() -> None:
    api = model.load("2.15")
    assert api.replacement("tf.random_normal") == "tf.random.normal"
    assert api.replacement("tf.log") == "tf.math.log"
    assert api.replacement("keras.layers.core.Dense") == "keras.layers.Dense"
    assert api.replacement("tf.contrib.layers.flatten") == "tf.compat.v1.layers.flatten"
    assert api.replacement("tf.contrib.layers.xavier_initializer") is None


def test_contrib_exists_only_in_1_15() -> None:
    assert model.load("1.15").kind("tf.contrib") == "module"
    assert model.load("1.15").has("tf.contrib.layers.fully_connected") is True
    assert model.load("2.15").has("tf.contrib") is False
    assert model.load("2.21").has("tf.contrib.layers") is False


def test_keras_methods_follow_the_keras_major() -> None:
    # predict_classes left Keras in 2.6, fit_generator in Keras 3.
    assert model.load("1.15").has("keras.Sequential.predict_classes") is True
    assert model.load("1.15").has("tf.keras.Sequential.predict_classes") is True
    assert model.load("2.15").has("keras.Sequential.predict_classes") is False
    assert model.load("2.15").kind("keras.Model.fit_generator") == "method"
    assert model.load("2.21").has("keras.Model.fit_generator") is False
    assert model.load("2.21").has("tf_keras.Model.fit_generator") is True
    for version in ALL:
        assert model.load(version).kind("keras.Model.fit") == "method"


def test_layers_members_in_every_version() -> None:
    for version in ALL:
        api = model.load(version)
        layers = api.members("tf.keras.layers")
        assert {"Dense", "Conv2D"} <= set(layers)
        assert api.members("tensorflow.keras.layers") == layers
        assert all(not name.startswith("_") for name in layers)


def test_unknown_is_none_not_false() -> None:
    api = model.load("1.15")
    assert api.has("tf_keras.layers.Dense") is None  # not installed with TF 1.15
    assert api.has("numpy.zeros") is None  # not a walked root
    assert api.has("tf.float32.max") is None  # attribute of a value
    assert api.has("tf.nn._private") is None
    assert api.replacement("numpy.zeros") is None


def test_reshape_signature() -> None:
    for version in ALL:
        sig = model.load(version).signature("tf.reshape")
        assert [(p.name, p.kind, p.has_default) for p in sig.parameters] == [
            ("tensor", POSITIONAL_OR_KEYWORD, False), ("shape", POSITIONAL_OR_KEYWORD, False),
            ("name", POSITIONAL_OR_KEYWORD, True)]
        assert not sig.self_dropped


def test_class_signature_is_its_constructor() -> None:
    for version in ALL:
        api = model.load(version)
        sig = api.signature("keras.layers.Dense")
        assert api.signature("keras.layers.Dense.__init__") == sig
        assert sig.self_dropped and sig.parameters[0].name == "units"
        assert not sig.parameters[0].has_default
        assert sig.parameters[-1].kind == VAR_KEYWORD
    assert "lora_rank" in str(model.load("2.21").signature("keras.layers.Dense"))


def test_check_call_unexpected_keyword_and_arity() -> None:
    reshape = model.load("2.15").signature("tf.reshape")
    assert check_call(reshape, 2, ["name"]) is None
    assert check_call(reshape, 1, ["shape"]) is None
    assert check_call(reshape, 2, ["axis"], "reshape") == (
        "reshape() got an unexpected keyword argument 'axis'")
    assert check_call(reshape, 1, []) == "missing 1 required positional argument: 'shape'"
    assert check_call(reshape, 4, []) == "takes from 2 to 3 positional arguments but 4 were given"
    assert check_call(reshape, 1, ["tensor"]) == "got multiple values for argument 'tensor'"
    dense = model.load("2.15").signature("keras.layers.Dense")
    assert check_call(dense, 1, ["activaton"]) is None  # **kwargs: decided at run time
    assert check_call(dense, 0, []) == "missing 1 required positional argument: 'units'"


def test_check_call_python_argument_kinds() -> None:
    sig = parse_signature("a,/,b,c=,*,d,e=,**kw")
    assert [p.kind for p in sig.parameters[:2]] == [POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD]
    assert sig.parameters[3].kind == KEYWORD_ONLY
    assert str(sig) == "(a,/,b,c=,*,d,e=,**kw)"
    assert check_call(sig, 2, ["d"]) is None
    assert check_call(sig, 2, []) == "missing 1 required keyword-only argument: 'd'"
    assert check_call(sig, 0, ["d"]) == "missing 2 required positional arguments: 'a' and 'b'"
    strict = parse_signature("a,/,b")
    assert check_call(strict, 1, ["a"]) == (
        "got some positional-only arguments passed as keyword arguments: 'a'")
    method = parse_signature("x", self_dropped=True)
    assert check_call(method, 2, []) == "takes 2 positional arguments but 3 were given"


def test_generator_stays_python37_syntax() -> None:
    for name in ("generate.py", "__init__.py"):
        ast.parse((API_DIR / name).read_text(), feature_version=(3, 7))
    source = (API_DIR / "generate.py").read_text()
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or ".").split(".")[0])
    assert "shapetracer" not in imported and not ast.parse(
        (API_DIR / "__init__.py").read_text()).body[1:]
