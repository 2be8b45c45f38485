"""No class in shapetracer/ grows past 60 methods: a class that large does several jobs
(the interpreter was one class of 110 methods, through mixins, before it was made of parts)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "shapetracer"
LIMIT = 60


def method_counts() -> dict[str, int]:
    """``module:Class`` -> the functions its body defines (properties and their setters included)."""
    counts = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = [item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
                counts[f"{path.relative_to(PACKAGE)}:{node.name}"] = len(methods)
    return counts


def test_no_class_has_more_than_sixty_methods():
    assert {name: count for name, count in method_counts().items() if count > LIMIT} == {}


def test_the_interpreter_parts_hold_each_other_and_inherit_nothing():
    """The parts are joined by holding each other (frontend/interpreter.py), not as mixins."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sorted((PACKAGE / "frontend").glob("*.py"))]
    classes = [node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    ours = {node.name for node in classes}
    inherited = {(node.name, base.id) for node in classes for base in node.bases
                 if isinstance(base, ast.Name) and base.id in ours}
    assert len(ours) > 20 and inherited == set()
