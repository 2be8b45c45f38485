"""Every op family's VALID/INVALID examples are tests (Fixit style)."""

from __future__ import annotations

import pytest

from shapetracer.constraints import SPECS, family_modules
from shapetracer.constraints.examples import run_example, shape_matches

FAMILIES = family_modules()
MODELS = FAMILIES
CASES = [(module.__name__.rsplit(".", 1)[-1], example)
         for module in MODELS for example in getattr(module, "EXAMPLES", [])]


@pytest.mark.parametrize("family,example", CASES, ids=[f"{f}:{e.describe()}" for f, e in CASES])
def test_example(family, example):
    result, reports = run_example(example)
    errors = [code for code, _ in reports if code.startswith("ST1")]
    if example.valid:
        assert errors == [], f"unexpected {reports}"
        if example.expect is not None:
            assert shape_matches(result, example.expect), f"got {result!r}, want {example.expect}"
        if example.warns:
            assert example.warns in [code for code, _ in reports], reports
    else:
        assert example.code in errors, f"wanted {example.code}, got {reports}"


@pytest.mark.parametrize("module", FAMILIES, ids=[m.__name__ for m in FAMILIES])
def test_family_has_valid_and_invalid_examples(module):
    examples = getattr(module, "EXAMPLES", [])
    assert any(e.valid for e in examples), "no valid example"
    assert any(not e.valid for e in examples), "no invalid example"
    assert module.__doc__, "a family module says what it models"


def test_every_example_names_a_registered_api():
    for _, example in CASES:
        assert example.api in SPECS
