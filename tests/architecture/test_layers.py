"""The package layers, and the one direction their imports run in.

    domain  <-  constraints, generic, api  <-  frontend  <-  engine  <-  apps

A unit may import its own modules and those of lower layers, never a higher layer's,
lazy (function-level) imports included.  Apps may import each other where the graph of
units stays acyclic (report formats what cli prints; study runs jobs).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "shapetracer"

LAYERS: list[set[str]] = [
    {"rules", "project"},
    {"domain", "api"},
    {"constraints", "generic"},
    {"frontend"},
    {"engine", "config", "options", "versions", "notebooks"},
    {"cli", "flags", "report", "jobs", "study", "lsp", "fixes"},
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def unit_of(module: str) -> str | None:
    """The unit (top-level package or module below shapetracer) that ``module`` names."""
    parts = module.split(".")
    return parts[1] if parts[0] == "shapetracer" and len(parts) > 1 else None


def imports(path: Path) -> list[tuple[int, str]]:
    """Every shapetracer module ``path`` imports, anywhere in the file, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(node.lineno, node.module)] + [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return [(line, name) for line, name in found if name.startswith("shapetracer.")]


def unit_graph() -> dict[str, dict[str, list[str]]]:
    """unit -> imported unit -> the places ("file:line") that import it."""
    graph: dict[str, dict[str, list[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        unit = rel.parts[0].removesuffix(".py")
        if unit == "__init__":
            continue
        for line, module in imports(path):
            target = unit_of(module)
            if target in RANK and target != unit:
                graph.setdefault(unit, {}).setdefault(target, []).append(f"{rel}:{line}")
    return graph


def test_every_unit_has_a_layer():
    units = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
             if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.stem != "__init__")}
    assert units - set(RANK) == set(), "give every new package a layer in LAYERS"


def test_imports_run_downward():
    upward = [f"{unit} -> {target} at {places[0]}" for unit, targets in unit_graph().items()
              for target, places in targets.items() if RANK[target] > RANK[unit]]
    assert upward == []


def test_no_cycle_between_units():
    graph = {unit: set(targets) for unit, targets in unit_graph().items()}
    state: dict[str, int] = {}

    def visit(unit: str, trail: list[str]) -> list[str] | None:
        state[unit] = 1
        for target in sorted(graph.get(unit, ())):
            if state.get(target) == 1:
                return trail + [unit, target]
            if target not in state and (cycle := visit(target, trail + [unit])):
                return cycle
        state[unit] = 2
        return None

    for unit in sorted(graph):
        if unit not in state:
            assert visit(unit, []) is None


def test_domain_imports_nothing_else_of_the_project():
    assert set(unit_graph().get("domain", {})) <= {"rules"}
    assert set(unit_graph().get("rules", {})) == set()


@pytest.mark.parametrize("bad", ["from shapetracer.frontend.calls import x\n",
                                 "def f():\n    import shapetracer.engine\n"])
def test_an_upward_import_is_seen(bad, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(bad)
    targets = {unit_of(module) for _, module in imports(path)}
    assert targets & {"frontend", "engine"} and all(RANK[t] > RANK["domain"] for t in targets)
