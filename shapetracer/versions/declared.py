"""Every distribution a project's dependency files name: what an environment made from them
may hold.

``pins`` reads only the install requirements that decide the TensorFlow version.  An import
is satisfied by anything the files name, so here every list counts: install requirements,
extras, dev and test groups (``extras_require``, ``[project.optional-dependencies]``,
PEP 735 ``[dependency-groups]``, Poetry groups, ``[dev-packages]``, conda's and its
``pip:`` entries).  Counting too much only hides a missing package; counting too little
would report one that is there.

A file whose list cannot be read completely makes the declaration *open*, and nothing is
reported from an open one: a requirement that is a bare URL or a local path other than the
project itself (its name is unknown), a ``-r`` include that is not there, a ``setup.py``
whose ``install_requires`` is computed (unless a requirements file beside it is what it
reads), ``dynamic = ["dependencies"]``, ``file:`` in ``setup.cfg``.
"""

from __future__ import annotations

import ast
import configparser
import re
import tomllib
from dataclasses import dataclass
from typing import Callable

from shapetracer.versions.pins import MAX_INCLUDE_DEPTH, conda, environment_entries, normalise, requirement

_EGG = re.compile(r"[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)")
# setup.py keywords whose lists a user may install
_SETUP_KEYWORDS = ("install_requires", "requires", "extras_require", "tests_require", "setup_requires")
_NOT_DISTRIBUTIONS = frozenset({"python", "pip"})


@dataclass(frozen=True)
class Declared:
    names: frozenset[str]  # normalised distribution names
    open: str | None = None  # why the list may be incomplete (nothing is reported then)
    dynamic: bool = False  # a setup.py/setup.cfg list computed at install time (a requirements file may be it)

    def __or__(self, other: "Declared") -> "Declared":
        return Declared(self.names | other.names, self.open or other.open, self.dynamic or other.dynamic)


NOTHING = Declared(frozenset())


def declared_in(name: str, text: str, include: Callable[[str], str | None] | None = None) -> Declared:
    """The distributions one dependency file (``name`` is its base name) declares."""
    try:
        if name == "pyproject.toml":
            return _pyproject(text)
        if name == "setup.py":
            return _setup_py(text)
        if name == "setup.cfg":
            return _setup_cfg(text)
        if name == "Pipfile":
            return _pipfile(text)
        if name in ("environment.yml", "environment.yaml"):
            return _environment(text, include)
        return _requirements(text, include, 0)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError,
            tomllib.TOMLDecodeError, configparser.Error):
        return Declared(frozenset(), open=f"{name} cannot be read")


def _names(found: list[str | None], open: str | None = None, dynamic: bool = False) -> Declared:
    return Declared(frozenset(n for n in found if n and n not in _NOT_DISTRIBUTIONS), open, dynamic)


def _name_of(text: str) -> str | None:
    parsed = requirement(text)
    return parsed[0] if parsed is not None else None


# --- requirements files -------------------------------------------------------------------

def _requirements(text: str, include: Callable[[str], str | None] | None, depth: int) -> Declared:
    result = NOTHING
    for line in re.sub(r"\\\r?\n", " ", text).splitlines():
        line = re.sub(r"(^|\s)#(?!egg=).*$", "", line).strip()
        if line:
            result |= _option(line, include, depth) if line.startswith("-") else _requirement_line(line)
    return result


def _option(line: str, include: Callable[[str], str | None] | None, depth: int) -> Declared:
    nested = re.match(r"^(?:-r|--requirement)[\s=]+(\S+)", line)
    if nested:
        inner = include(nested.group(1)) if include is not None and depth < MAX_INCLUDE_DEPTH else None
        if inner is None:
            return Declared(frozenset(), open=f"-r {nested.group(1)} cannot be read")
        return _requirements(inner, include, depth + 1)
    editable = re.match(r"^(?:-e|--editable)[\s=]+(\S+)", line)
    if editable:
        return _requirement_line(editable.group(1))
    return NOTHING  # -c constraints install nothing; index and build options name nothing


_LOCATION = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*://|file:|/|\.{1,2}[/\\])|\.(?:whl|zip|tar\.gz|tgz)$")


def _requirement_line(line: str) -> Declared:
    """One requirement: ``name[extras] spec ; marker``, ``name @ url``, a URL or path with
    ``#egg=name``, the project itself (``.``), or a location without a name (open)."""
    egg = _EGG.search(line)
    if egg:
        return _names([normalise(egg.group(1))])
    location = line.split(";", 1)[0].strip()
    if re.match(r"^\.(\[[^\]]*\])?/?$", location):
        return NOTHING  # the project itself: its own modules, its setup files' requirements
    if "@" not in location.split("/", 1)[0] and (_LOCATION.search(location) or "/" in location):
        return Declared(frozenset(), open=f"{location} names no distribution")
    return _names([_name_of(line)])


# --- pyproject.toml, Pipfile ----------------------------------------------------------------

def _pyproject(text: str) -> Declared:
    data = tomllib.loads(text)
    found: list[str | None] = []
    project = data.get("project", {})
    open = None
    if isinstance(project, dict):
        found += _pep508(project.get("dependencies", []))
        for values in _table(project.get("optional-dependencies")).values():
            found += _pep508(values)
        if "dependencies" in project.get("dynamic", []):
            open = "pyproject.toml's dependencies are dynamic"
    for values in _table(data.get("dependency-groups")).values():
        found += _pep508(values)
    poetry = _table(_table(data.get("tool")).get("poetry"))
    found += [normalise(str(n)) for n in _table(poetry.get("dependencies"))]
    found += [normalise(str(n)) for n in _table(poetry.get("dev-dependencies"))]
    for group in _table(poetry.get("group")).values():
        found += [normalise(str(n)) for n in _table(_table(group).get("dependencies"))]
    return _names(found, open)


def _table(value) -> dict:
    return value if isinstance(value, dict) else {}


def _pep508(values) -> list[str | None]:
    if not isinstance(values, list):
        return []
    return [_name_of(v) for v in values if isinstance(v, str)]


def _pipfile(text: str) -> Declared:
    data = tomllib.loads(text)
    return _names([normalise(str(n)) for section in ("packages", "dev-packages")
                   for n in _table(data.get(section))])


# --- setup.py (read, never run) and setup.cfg -----------------------------------------------

def _setup_py(text: str) -> Declared:
    tree = ast.parse(text)
    assigned: dict[str, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned[node.targets[0].id] = node.value
    found: list[str | None] = []
    dynamic = False
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _callee(node.func) != "setup":
            continue
        if any(keyword.arg is None for keyword in node.keywords):
            dynamic = True  # setup(**config)
        for keyword in node.keywords:
            if keyword.arg in _SETUP_KEYWORDS:
                strings: list[str] = []
                if not _literal_strings(keyword.value, assigned, strings, 0):
                    dynamic = True
                found += [_name_of(s) for s in strings if s.strip() and not s.strip().startswith("#")]
    return _names(found, dynamic=dynamic)


def _callee(func: ast.AST) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _literal_strings(node: ast.AST, assigned: dict[str, ast.AST], out: list[str], depth: int) -> bool:
    """Collect the strings of a literal list/tuple/dict (names followed a little); False when
    some part is computed."""
    if depth > 4:
        return False
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        out.extend(node.value.splitlines())
        return True
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all([_literal_strings(e, assigned, out, depth + 1) for e in node.elts])
    if isinstance(node, ast.Dict):
        return all([_literal_strings(v, assigned, out, depth + 1) for v in node.values])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return all([_literal_strings(node.left, assigned, out, depth + 1),
                    _literal_strings(node.right, assigned, out, depth + 1)])
    if isinstance(node, ast.Name) and node.id in assigned:
        return _literal_strings(assigned[node.id], assigned, out, depth + 1)
    return False


def _setup_cfg(text: str) -> Declared:
    parser = configparser.RawConfigParser(strict=False)
    parser.read_string(text)
    lines: list[str] = []
    if parser.has_option("options", "install_requires"):
        lines += parser.get("options", "install_requires").splitlines()
    if parser.has_section("options.extras_require"):
        for _, value in parser.items("options.extras_require"):
            lines += value.splitlines()
    lines = [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
    dynamic = any(line.startswith("file:") for line in lines)
    return _names([_name_of(line) for line in lines if not line.startswith("file:")], dynamic=dynamic)


# --- conda's environment.yml ----------------------------------------------------------------

def _environment(text: str, include: Callable[[str], str | None] | None) -> Declared:
    """Every entry of ``dependencies:``, conda's and its ``pip:`` list's (a line reader, as
    ``pins.environment``)."""
    found: list[str | None] = []
    result = NOTHING
    for item, pip in environment_entries(text):
        if pip:
            result |= _requirement_line(item) if not item.startswith("-") else _option(item, include, 0)
        else:
            parsed = conda(item)
            found.append(parsed[0] if parsed is not None else None)
    return result | _names(found)
