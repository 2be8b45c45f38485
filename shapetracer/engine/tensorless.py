"""Files that never touch a tensor: the shape pass is skipped for them, and the interpreter
is not even imported.

A setup script, a test helper or a plotting utility that imports none of the modelled
libraries (``constraints.core.libraries.IMPORTS``), directly or through the project modules
its run imports, holds no tensor, array or Keras model: no op spec can run on it and no API
rule (ST401-ST404) can name anything in it.  What the interpreter could still find there is
pure Python, and each case keeps the interpreter:

- ST150/ST152: ``x[constant]`` of a dict or list whose keys or length are known, wherever
  the dict travelled (a parameter, ``self.hparams``, a returned dict): any file whose run
  subscripts anything while those codes are selected;
- ST151 (argparse) and the file accesses of ST502: argparse is a modelled library, and a
  check that keeps the run's file accesses never takes this path;
- the not-modelled notes (ST901) of the path libraries' calls: os, os.path, pathlib, glob
  and tempfile are modelled only for the paths they make, which no spec judges and only the
  file check reads, so a run that imports nothing else skips the pass unless ST901 is
  selected (``os.sep`` in a setup script needs no interpreter);
- dynamic imports (``__import__``, ``importlib``, ``exec``): the import is not visible;
- notebooks (magics may install or import anything).

The walk reads each reached project file with CPython's parser only (no libcst), and gives
up at the first sign of a library: on a repository it costs a few milliseconds per script.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Callable

from shapetracer.constraints.core.libraries import IMPORTS
from shapetracer.project import Project, standalone
from shapetracer.projectchecks import checks
from shapetracer.rules import codes

# The modelled libraries' import roots, and the other roots the frontend reads as theirs.
_LIBRARIES = frozenset(IMPORTS) | {"keras_preprocessing", "tensorflow_datasets"}
# Libraries whose values are paths and strings: no spec of theirs reports, and what they make
# is read by the file check alone (see the module's docstring).
_PATH_LIBRARIES = frozenset({"os", "pathlib", "tempfile", "glob"})
_DYNAMIC = frozenset({"__import__", "importlib", "exec", "eval", "runpy", "imp"})
# What a run's own source decides without the interpreter; anything else sends it through it.
_CONTAINER_CODES = (codes.MISSING_KEY, codes.LIST_INDEX)


def skips_shape_pass(entry: Path | None, parsed, options, project: Project | None,
                      selected: Callable[[str], bool], notebook: bool) -> bool:
    """Whether a run's shape pass may be skipped: not a notebook, no check that wants the
    run's file accesses, and a run that never touches a tensor.  (The shape log and the
    expression shapes, which the shapes view, hover and fixes read, hold tensors only: a
    run without tensors has none to lose.)"""
    if notebook:
        return False
    if checks.wants_file_events(options, selected):  # a job's check judges the run's file accesses
        return False
    return never_touches_a_tensor(entry, parsed.tree, project, selected)


def never_touches_a_tensor(entry: Path | None, tree: ast.Module, project: Project | None,
                           selected: Callable[[str], bool]) -> bool:
    """Whether the run of ``entry`` (parsed as ``tree``) imports no modelled library and
    holds nothing else the shape pass reports on (see the module's docstring).  ``project``:
    where its imports lead (None: the entry's folder); ``selected``: whether a code is
    reported."""
    containers = any(selected(code) for code in _CONTAINER_CODES)
    libraries = _LIBRARIES if selected(codes.NOT_MODELLED) else _LIBRARIES - _PATH_LIBRARIES
    if _touches(tree, containers, libraries):
        return False
    if entry is None:
        return True
    project = project if project is not None else standalone(entry)
    seen = {entry}
    todo = [(entry, tree)]
    while todo:
        importer, module = todo.pop()
        for dotted, level in _imported(module):
            found = _resolved(project, dotted, level, importer, entry)
            if found is False:
                return False
            if found is None or found in seen:
                continue
            seen.add(found)
            data = project.read(found)
            if data is None:
                return False
            try:
                reached = ast.parse(data)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return False
            if _touches(reached, containers, libraries):
                return False
            todo.append((found, reached))
    return True


def _touches(tree: ast.Module, containers: bool, libraries: frozenset[str]) -> bool:
    """An import of one of ``libraries``, a dynamic import, or (``containers``) a subscripted
    name anywhere in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(alias.name.partition(".")[0] in libraries for alias in node.names):
                return True
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.partition(".")[0] in libraries:
                return True
        elif isinstance(node, ast.Name):
            if node.id in _DYNAMIC:
                return True
        elif isinstance(node, ast.Attribute):
            if node.attr in _DYNAMIC:
                return True
        elif containers and isinstance(node, ast.Subscript):
            return True  # a dict's keys travel (parameters, attributes, returns): any subscript may read one
    return False


def _imported(tree: ast.Module) -> list[tuple[str, int]]:
    """Every module an import statement may load (``import a.b``: a and a.b; ``from a import
    b``: a and a.b, b being a submodule or a name), with its relative level."""
    names: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                names.extend((".".join(parts[:i]), 0) for i in range(1, len(parts) + 1))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if base:
                parts = base.split(".")
                names.extend((".".join(parts[:i]), node.level) for i in range(1, len(parts) + 1))
            for alias in node.names:
                if alias.name != "*":
                    names.append((f"{base}.{alias.name}" if base else alias.name, node.level))
    return names


def _resolved(project: Project, dotted: str, level: int, importer: Path, entry: Path) -> Path | None | bool:
    """The project file an import names (None: a library or nothing), or False when
    resolving it fails."""
    try:
        return project.resolve(dotted, level, importer, entry)
    except Exception:  # noqa: BLE001 - an import the walk cannot follow keeps the interpreter
        return False
