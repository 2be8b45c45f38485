"""The parse that skips libcst's per-node check builds the same tree, and puts the check back."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from shapetracer.frontend.source import parse

CORPUS = sorted((Path(__file__).resolve().parents[2] / "corpus" / "shape").glob("*/*.py"))[:40]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_tree_is_the_one_a_validated_parse_builds(path):
    text = path.read_text(encoding="utf-8")
    fast = parse(text).module
    assert fast.deep_equals(cst.parse_module(text))
    assert fast.code == text


def test_nodes_built_after_a_parse_are_checked_again():
    parse("x = 1\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")  # an empty name is refused by libcst's check


def test_a_parse_error_puts_the_check_back():
    problem = parse("def f(:\n")
    assert problem.code.startswith("ST0")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")
