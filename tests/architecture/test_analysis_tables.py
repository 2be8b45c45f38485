"""The side tables of one analysis: typed, kept apart per analysis, never named by strings."""

from __future__ import annotations

import ast
from pathlib import Path

from shapetracer.constraints.keras.machinery import KerasConfig, LayerStates, image_data_format
from shapetracer.domain import analysis

PACKAGE = Path(__file__).resolve().parents[2] / "shapetracer"


def test_a_holder_is_made_once_per_analysis_and_never_shared():
    with analysis.analysing() as first:
        config = first.holder(KerasConfig)
        assert first.holder(KerasConfig) is config and isinstance(config, KerasConfig)
        config.image_data_format = "channels_first"
        assert image_data_format() == "channels_first"
        with analysis.analysing() as second:
            assert second.holder(KerasConfig) is not config
            assert image_data_format() == "channels_last"  # a new analysis starts from Keras' default
        assert image_data_format() == "channels_first"
    assert analysis.current().holder(KerasConfig) is not config


def test_holders_are_keyed_by_their_class():
    """Two owners' holders never meet, whatever their field names."""
    with analysis.analysing() as run:
        config, states = run.holder(KerasConfig), run.holder(LayerStates)
        assert config.image_data_format == "channels_last" and len(states.by_layer) == 0
        assert set(run.holders) == {KerasConfig, LayerStates}


def test_no_module_names_a_table_by_a_string():
    """``analysis.current()`` is followed by a typed field or ``holder(Class)``, never by a
    string key (the old ``table("keras.models", ...)``)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("table", "holder") \
                    and any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in node.args):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []
