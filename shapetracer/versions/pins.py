"""Dependency declarations: which versions of which packages a project asks for.

Only what a project needs to run counts: install requirements, not extras, dev groups
or test dependencies (a project that tests against tensorflow-cpu and tf-keras in an
extra does not run on legacy Keras).

Each reader takes a file's text and gives ``(package, specifiers)`` pairs, where the
package name is normalised (PEP 503) and ``specifiers`` are PEP 440 specifier sets of
which any may hold (Poetry's and conda's ``||``/``|`` give several); ``("",)`` means
"any version".  Nothing is executed: ``setup.py`` is read with ``ast``.  A file that
cannot be read gives no pins, never an error.
"""

from __future__ import annotations

import ast
import configparser
import re
import tomllib
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

# Only these packages matter for the target; everything else is skipped early.
TF_PACKAGES = frozenset({"tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly", "tf-nightly-cpu",
                         "tf-nightly-gpu", "tensorflow-macos", "tensorflow-intel", "tensorflow-aarch64"})
KERAS = "keras"
TF_KERAS = "tf-keras"
RELEVANT = TF_PACKAGES | {KERAS, TF_KERAS}

# How the files of one folder are ranked: requirements first, environment.yml last.
FIXED_NAMES = ("pyproject.toml", "setup.py", "setup.cfg", "Pipfile", "environment.yml", "environment.yaml")
MAX_BYTES = 1024 * 1024  # a dependency file larger than this is not a dependency file
MAX_INCLUDE_DEPTH = 3


@dataclass(frozen=True)
class Pin:
    package: str  # normalised name: tensorflow, tensorflow-gpu, keras, tf-keras, ...
    specs: tuple[str, ...]  # PEP 440 specifier sets, any of which may hold; "" = any version
    file: str  # where it was read (a path, or a member name inside a job)

    @property
    def versioned(self) -> bool:
        return any(s.strip() for s in self.specs)

    def describe(self) -> str:
        return self.package + " || ".join(s.replace(" ", "") for s in self.specs)


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def is_dependency_file(name: str) -> bool:
    lower = name.lower()
    return name in FIXED_NAMES or (lower.startswith("requirements") and lower.endswith(".txt"))


def rank(name: str) -> tuple[int, str]:
    """The order the files of one folder are consulted in."""
    if name == "requirements.txt":
        return 0, name
    if name.lower().startswith("requirements"):
        return 1, name
    return 2 + FIXED_NAMES.index(name), name


def pins_in(name: str, text: str, file: str, include: Callable[[str], str | None] | None = None) -> list[Pin]:
    """The relevant pins of one dependency file (``name`` is its base name)."""
    try:
        if name == "pyproject.toml":
            pairs = pyproject(text)
        elif name == "setup.py":
            pairs = setup_py(text)
        elif name == "setup.cfg":
            pairs = setup_cfg(text)
        elif name == "Pipfile":
            pairs = pipfile(text)
        elif name in ("environment.yml", "environment.yaml"):
            pairs = environment(text)
        else:
            pairs = requirements(text, include)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError,
            tomllib.TOMLDecodeError, configparser.Error):
        return []
    return [Pin(package, specs, file) for package, specs in pairs if package in RELEVANT]


# --- PEP 508 -----------------------------------------------------------------------------

_PEP508 = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*)$")
_WHEEL_VERSION = re.compile(r"-(\d+(?:\.\d+)+)-(?:cp|py)\d")


def requirement(text: str) -> tuple[str, tuple[str, ...]] | None:
    """``name[extras] spec ; marker`` or ``name @ url`` -> (normalised name, (spec,))."""
    text = text.split(";", 1)[0].strip()
    match = _PEP508.match(text)
    if match is None:
        return None
    name, rest = normalise(match.group(1)), match.group(2).strip()
    if rest.startswith("@"):
        wheel = _WHEEL_VERSION.search(rest)  # tensorflow @ https://.../tensorflow-2.15.0-cp310-....whl
        return name, (f"=={wheel.group(1)}" if wheel else "",)
    rest = rest.strip("() ")
    return name, (rest,)


def requirements(text: str, include: Callable[[str], str | None] | None = None,
                 depth: int = 0) -> list[tuple[str, tuple[str, ...]]]:
    """A pip requirements file; ``-r``/``-c`` files are followed through ``include``."""
    pairs = []
    for line in re.sub(r"\\\r?\n", " ", text).splitlines():
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        if not line:
            continue
        if line.startswith("-"):
            nested = re.match(r"^(?:-r|-c|--requirement|--constraint)[\s=]+(\S+)", line)
            if nested and include is not None and depth < MAX_INCLUDE_DEPTH:
                inner = include(nested.group(1))
                if inner is not None:
                    pairs += requirements(inner, include, depth + 1)
            continue
        if "://" in line and "@" not in line:  # a bare URL or VCS link: no name to read
            continue
        parsed = requirement(line)
        if parsed is not None:
            pairs.append(parsed)
    return pairs


# --- pyproject.toml: PEP 621 and Poetry ---------------------------------------------------

def pyproject(text: str) -> list[tuple[str, tuple[str, ...]]]:
    data = tomllib.loads(text)
    pairs = []
    project = data.get("project", {})
    if isinstance(project, dict):
        pairs += _pep508_list(project.get("dependencies", []))
    poetry = data.get("tool", {}).get("poetry", {})
    if isinstance(poetry, dict):
        pairs += _name_table(poetry.get("dependencies", {}), poetry_spec)
    return pairs


def _pep508_list(values) -> list[tuple[str, tuple[str, ...]]]:
    if not isinstance(values, list):
        return []
    return [parsed for v in values if isinstance(v, str) and (parsed := requirement(v)) is not None]


def _name_table(table, convert: Callable[[str], tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """``name = "spec"`` / ``{version = "spec"}`` / a list of those (Poetry, Pipfile)."""
    if not isinstance(table, dict):
        return []
    pairs = []
    for name, value in table.items():
        entries = value if isinstance(value, list) else [value]
        specs: list[str] = []
        for entry in entries:
            version = entry.get("version", "") if isinstance(entry, dict) else entry
            if isinstance(version, str):
                specs += convert(version)
        if specs:
            pairs.append((normalise(str(name)), tuple(specs)))
    return pairs


def poetry_spec(text: str) -> tuple[str, ...]:
    """Poetry constraints (``^2.15``, ``~2.15``, ``2.15.1``, ``>=2,<3``, ``a || b``) in PEP 440."""
    out = []
    for alternative in text.split("||"):
        clauses = []
        for clause in re.split(r",|\s+(?=[<>=!~^])", alternative.strip()):
            clause = clause.strip()
            if not clause or clause == "*":
                continue
            if clause[0] == "^":
                clauses += _caret(clause[1:].strip())
            elif clause[0] == "~" and not clause.startswith("~="):
                clauses += _tilde(clause[1:].strip())
            elif clause[0].isdigit():
                clauses.append(f"=={clause}")
            else:
                clauses.append(clause)
        out.append(",".join(clauses))
    return tuple(out)


def _numbers(text: str) -> list[int]:
    return [int(p) for p in re.findall(r"\d+", text)]


def _caret(version: str) -> list[str]:
    parts = _numbers(version)
    if not parts:
        return []
    first = next((i for i, p in enumerate(parts) if p != 0), len(parts) - 1)
    upper = parts[:first] + [parts[first] + 1]
    return [f">={version}", f"<{'.'.join(map(str, upper))}"]


def _tilde(version: str) -> list[str]:
    parts = _numbers(version)
    if not parts:
        return []
    upper = [parts[0] + 1] if len(parts) == 1 else [parts[0], parts[1] + 1]
    return [f">={version}", f"<{'.'.join(map(str, upper))}"]


# --- setup.py (read, never run) and setup.cfg ---------------------------------------------

_SETUP_KEYWORDS = ("install_requires", "requires")


def setup_py(text: str) -> list[tuple[str, tuple[str, ...]]]:
    tree = ast.parse(text)
    assigned: dict[str, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned[node.targets[0].id] = node.value
    pairs = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name != "setup":
            continue
        for keyword in node.keywords:
            if keyword.arg in _SETUP_KEYWORDS:
                for string in _strings(keyword.value, assigned, 0):
                    parsed = requirement(string)
                    if parsed is not None:
                        pairs.append(parsed)
    return pairs


def _strings(node: ast.AST, assigned: dict[str, ast.AST], depth: int) -> Iterable[str]:
    """String constants in a literal list/tuple/dict (values), following names a little."""
    if depth > 4:
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield from node.value.splitlines()
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        for element in node.elts:
            yield from _strings(element, assigned, depth + 1)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _strings(value, assigned, depth + 1)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _strings(node.left, assigned, depth + 1)
        yield from _strings(node.right, assigned, depth + 1)
    elif isinstance(node, ast.Name) and node.id in assigned:
        yield from _strings(assigned[node.id], assigned, depth + 1)


def setup_cfg(text: str) -> list[tuple[str, tuple[str, ...]]]:
    parser = configparser.RawConfigParser(strict=False)
    parser.read_string(text)
    lines: list[str] = []
    if parser.has_option("options", "install_requires"):
        lines += parser.get("options", "install_requires").splitlines()
    return [parsed for line in lines if line.strip() and not line.strip().startswith(("file:", "#"))
            and (parsed := requirement(line)) is not None]


# --- Pipfile and conda's environment.yml --------------------------------------------------

def pipfile(text: str) -> list[tuple[str, tuple[str, ...]]]:
    data = tomllib.loads(text)
    return _name_table(data.get("packages", {}), lambda v: ("" if v.strip() == "*" else v,))


def environment(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The ``dependencies:`` list of a conda environment file, its ``pip:`` sub-list included.

    A small line reader (no YAML library needed): conda entries are ``[channel::]name[ spec]``
    with conda's ``=2.15`` meaning 2.15.*; pip entries are PEP 508.
    """
    pairs = []
    for item, pip in environment_entries(text):
        parsed = requirement(item) if pip else conda(item)
        if parsed is not None:
            pairs.append(parsed)
    return pairs


def environment_entries(text: str) -> Iterator[tuple[str, bool]]:
    """Each entry of a conda environment file's ``dependencies:`` list, with whether it sits
    in the ``pip:`` sub-list (shared by the pins and the declared-packages readers)."""
    inside = False
    pip_indent: int | None = None
    for raw in text.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        stripped = line.strip()
        if indent == 0 and not stripped.startswith("-"):
            inside = stripped.startswith("dependencies:")
            pip_indent = None
            continue
        if not inside or not stripped.startswith("-"):
            continue
        item = stripped[1:].strip().strip("'\"")
        if pip_indent is not None and indent <= pip_indent:
            pip_indent = None
        if item.rstrip() == "pip:":
            pip_indent = indent
            continue
        yield item, pip_indent is not None


def conda(item: str) -> tuple[str, tuple[str, ...]] | None:
    item = item.split("::", 1)[-1].strip()
    match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)$", item)
    if match is None:
        return None
    name, rest = normalise(match.group(1)), match.group(2).strip()
    specs = []
    for alternative in rest.split("|"):
        alternative = alternative.strip()
        if not alternative:
            specs.append("")
        elif alternative.startswith("=") and not alternative.startswith("=="):
            version = alternative[1:].split("=", 1)[0].rstrip("*").rstrip(".")  # =2.15.0=build -> 2.15.0
            specs.append(f"=={version}.*" if version else "")
        elif alternative[0].isdigit():
            version = alternative.split()[0].split("=", 1)[0].rstrip("*").rstrip(".")
            specs.append(f"=={version}.*")
        else:
            specs.append(alternative.replace(" ", ""))
    return name, tuple(specs)
