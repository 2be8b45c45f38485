"""The package layers, and the one direction their imports run in.

    rules, project  <-  domain, api, options  <-  constraints, generic  <-  frontend  <-  engine  <-  apps

A unit (a top-level package or module below shapetracer) may import its own modules and those
of lower layers, never a higher layer's; apps may import each other where the graph of units
stays acyclic (report formats what cli prints; study runs jobs).  Inside constraints/ the
libraries are layered the same way:

    core  <-  tf, numpy, python, opencv, pil, imageio, skimage, matplotlib, h5py  <-  keras
          <-  pandas, sklearn, datasets

and no module imports another that imports it back, through any chain.  Every import counts:
at module level or inside a function, absolute or relative.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "shapetracer"

LAYERS: list[set[str]] = [
    {"rules", "project"},
    {"domain", "api", "options"},
    {"constraints", "generic"},
    {"frontend"},
    {"engine", "config", "versions", "projectchecks"},
    {"cli", "flags", "report", "jobs", "study", "lsp", "fixes"},
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}

# constraints/: the subpackages by library, and the order of their imports.
LIBRARY_LAYERS: list[set[str]] = [
    {"core"},
    {"tf", "numpy", "python", "opencv", "pil", "imageio", "skimage", "matplotlib", "h5py"},
    {"keras"},
    {"pandas", "sklearn", "datasets"},
]
LIBRARY_RANK = {library: rank for rank, libraries in enumerate(LIBRARY_LAYERS) for library in libraries}

# --- reading the imports ----------------------------------------------------------------------

def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module an ``from X import`` names, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[:len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(path: Path, module: str | None = None) -> list[tuple[int, str]]:
    """Every shapetracer module ``path`` imports, anywhere in the file, with its line: for
    ``from X import a``, ``X.a`` when that is a module, else ``X``."""
    module = module or module_name(path) if path.is_relative_to(PACKAGE.parent) else (module or "outside")
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = _absolute(module, path, node)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.append((node.lineno, child if child in modules() else base))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return [(line, name) for line, name in found if name == "shapetracer" or name.startswith("shapetracer.")]


@lru_cache(maxsize=None)
def module_graph() -> dict[str, dict[str, int]]:
    """module -> imported module -> the first line importing it."""
    graph: dict[str, dict[str, int]] = {}
    for module, path in modules().items():
        for line, target in imports(path, module):
            if target in modules() and target != module:
                graph.setdefault(module, {}).setdefault(target, line)
    return graph


def unit_of(module: str) -> str | None:
    """The unit (top-level package or module below shapetracer) that ``module`` names."""
    parts = module.split(".")
    return parts[1] if parts[0] == "shapetracer" and len(parts) > 1 else None


def library_of(module: str) -> str | None:
    """The constraints subpackage of ``module`` (None outside them, and for constraints itself)."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["shapetracer", "constraints"] and len(parts) > 2 else None


def unit_graph() -> dict[str, dict[str, list[str]]]:
    """unit -> imported unit -> the places ("module:line") that import it."""
    graph: dict[str, dict[str, list[str]]] = {}
    for module, targets in module_graph().items():
        unit = unit_of(module)
        for target, line in targets.items():
            other = unit_of(target)
            if unit is not None and other is not None and other != unit:
                graph.setdefault(unit, {}).setdefault(other, []).append(f"{module}:{line}")
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# --- the rules of the house -------------------------------------------------------------------

def test_every_unit_has_a_layer_and_every_layer_name_is_a_unit():
    units = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
             if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.stem != "__init__")}
    assert units - set(RANK) == set(), "give every new package a layer in LAYERS"
    assert set(RANK) - units == set(), "LAYERS names a unit that does not exist"


def test_every_constraints_subpackage_has_a_library_layer():
    subpackages = {p.name for p in (PACKAGE / "constraints").iterdir() if (p / "__init__.py").exists()}
    assert subpackages == set(LIBRARY_RANK)


def test_imports_run_downward():
    upward = [f"{unit} -> {target} at {places[0]}" for unit, targets in unit_graph().items()
              for target, places in targets.items() if RANK[target] > RANK[unit]]
    assert upward == []


def test_no_cycle_between_units():
    assert cycles({unit: set(targets) for unit, targets in unit_graph().items()}) == []


def test_constraints_libraries_import_downward():
    wrong = []
    for module, targets in module_graph().items():
        library = library_of(module)
        if library is None:
            continue
        for target, line in targets.items():
            other = library_of(target)
            if target == "shapetracer.constraints" or (other is not None and other != library
                                                       and LIBRARY_RANK[other] >= LIBRARY_RANK[library]):
                wrong.append(f"{module}:{line} -> {target}")
    assert wrong == []


def test_no_import_loop_between_modules():
    found = cycles({module: set(targets) for module, targets in module_graph().items()})
    assert [sorted(c) for c in found] == []


def test_the_rules_import_nothing_else_and_the_domain_only_the_rules():
    graph = unit_graph()
    assert set(graph.get("rules", {})) == set()
    assert set(graph.get("domain", {})) <= {"rules"}


def test_the_options_table_is_plain_data():
    assert set(unit_graph().get("options", {})) <= {"domain", "rules"}
    named = {alias.name.split(".")[0] for node in ast.walk(ast.parse((PACKAGE / "options.py").read_text()))
             if isinstance(node, (ast.Import, ast.ImportFrom))
             for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")])}
    assert "click" not in named


# --- the test sees what it claims ------------------------------------------------------------

@pytest.mark.parametrize("bad", ["from shapetracer.frontend.calls import x\n",
                                 "def f():\n    import shapetracer.engine\n"])
def test_an_upward_import_is_seen(bad, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(bad)
    targets = {unit_of(module) for _, module in imports(path, "shapetracer.domain.m")}
    assert targets & {"frontend", "engine"} and all(RANK[t] > RANK["domain"] for t in targets)


def test_a_relative_import_is_resolved():
    path = PACKAGE / "constraints" / "tf" / "ops" / "reshape.py"
    node = ast.parse("from ..nn import conv\nfrom . import joining\nfrom .... import engine\n").body
    resolved = [_absolute("shapetracer.constraints.tf.ops.reshape", path, n) for n in node]
    assert resolved == ["shapetracer.constraints.tf.nn", "shapetracer.constraints.tf.ops", "shapetracer"]


def test_a_loop_through_a_function_level_import_is_seen():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]
    assert "shapetracer.constraints.core.spec" in module_graph()["shapetracer.frontend.names"]  # inside a function
