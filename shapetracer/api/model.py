"""What a TensorFlow/Keras release exports, read from the data generate.py wrote in the real env.

Names use canonical roots (``tf.``, ``keras.``, ``tf_keras.``; ``tensorflow.`` is read as
``tf.``). Class members are class-level attributes (methods, properties, nested classes):
attributes an instance sets in ``__init__`` are not known. Lookups answer None whenever the
walk did not cover the name (a root not installed, a module not walked, an attribute of a
function or a value), so a caller only acts on a definite True/False.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from shapetracer.rules.message import render

DATA_DIR = Path(__file__).with_name("data")
ROOT_ALIASES = {"tensorflow": "tf"}
KIND_NAMES = {"m": "module", "M": "module", "c": "class", "f": "function", "d": "method",
              "o": "other"}
POSITIONAL_ONLY = "positional-only"
POSITIONAL_OR_KEYWORD = "positional-or-keyword"
VAR_POSITIONAL = "var-positional"
KEYWORD_ONLY = "keyword-only"
VAR_KEYWORD = "var-keyword"
_UNKNOWN = object()  # resolution fell outside what the walk covered


@dataclass(frozen=True)
class Parameter:
    name: str
    kind: str  # one of the five kind constants above
    has_default: bool


@dataclass(frozen=True)
class Signature:
    """Parameters of a callable; ``self_dropped`` for methods and constructors (as Python
    counts ``self`` in its "takes N positional arguments" messages)."""

    parameters: tuple[Parameter, ...]
    self_dropped: bool = False

    @property
    def positional(self) -> tuple[Parameter, ...]:
        kinds = (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD)
        return tuple(p for p in self.parameters if p.kind in kinds)

    def has_kind(self, kind: str) -> bool:
        return any(p.kind == kind for p in self.parameters)

    def __str__(self) -> str:
        return "(%s)" % format_parameters(self.parameters)


def format_parameters(parameters: Iterable[Parameter]) -> str:
    out: list[str] = []
    previous = None
    for param in parameters:
        if previous == POSITIONAL_ONLY and param.kind != POSITIONAL_ONLY:
            out.append("/")
        if param.kind == KEYWORD_ONLY and previous not in (KEYWORD_ONLY, VAR_POSITIONAL):
            out.append("*")
        prefix = {VAR_POSITIONAL: "*", VAR_KEYWORD: "**"}.get(param.kind, "")
        out.append(prefix + param.name + ("=" if param.has_default else ""))
        previous = param.kind
    if previous == POSITIONAL_ONLY:
        out.append("/")
    return ",".join(out)


def parse_signature(text: str, self_dropped: bool = False) -> Signature:
    """Read generate.py's ``x,/,y,z=,*args,k=,**kw`` form."""
    tokens = [token for token in text.split(",") if token]
    positional_kind = POSITIONAL_ONLY if "/" in tokens else POSITIONAL_OR_KEYWORD
    params = []
    for token in tokens:
        if token == "/":
            positional_kind = POSITIONAL_OR_KEYWORD
        elif token == "*":
            positional_kind = KEYWORD_ONLY
        elif token.startswith("**"):
            params.append(Parameter(token[2:], VAR_KEYWORD, False))
        elif token.startswith("*"):
            params.append(Parameter(token[1:], VAR_POSITIONAL, False))
            positional_kind = KEYWORD_ONLY
        else:
            name = token.rstrip("=")
            params.append(Parameter(name, positional_kind, name != token))
    return Signature(tuple(params), self_dropped)


class ApiModel:
    """Lookups over one generated file (see generate.py for the format)."""

    def __init__(self, data: dict, version: str = "") -> None:
        self.version = version
        self.versions: dict[str, str] = data["versions"]  # package -> exact version walked
        self.partial: bool = data.get("partial", False)
        self._roots: dict[str, int] = data["roots"]
        self._objects: list[list] = data["objects"]
        self._sigs: list[str] = data["sigs"]

    # -- resolution ---------------------------------------------------------------------

    def _resolve(self, name: str):
        """Entry index of ``name``; None when it is absent; _UNKNOWN when the walk cannot say."""
        parts = name.split(".")
        index = self._roots.get(ROOT_ALIASES.get(parts[0], parts[0]))
        if index is None:
            return _UNKNOWN
        for part in parts[1:]:
            entry = self._objects[index]
            if part.startswith("_") or entry[0] not in "mMc":
                return _UNKNOWN  # private names are not walked; values have no members here
            found = self._class_member(index, part) if entry[0] == "c" else entry[1].get(part)
            if found is None:
                return _UNKNOWN if entry[0] == "M" else None
            index = found
        return index

    def _class_member(self, index: int, leaf: str) -> int | None:
        entry = self._objects[index]
        for klass in (index, *entry[3]):
            found = self._objects[klass][2].get(leaf)
            if found is not None:
                return found
        return None

    def _entry(self, name: str) -> list | None:
        """The entry of ``name`` (``X.__init__`` of a class is the class), or None."""
        if name.endswith(".__init__"):
            entry = self._entry(name[: -len(".__init__")])
            return entry if entry is not None and entry[0] == "c" else None
        index = self._resolve(name)
        return None if index is None or index is _UNKNOWN else self._objects[index]

    # -- lookups ------------------------------------------------------------------------

    def has(self, name: str) -> bool | None:
        """True/False when the walk covered the name, None when the model cannot say."""
        if name.endswith(".__init__"):
            owner = name[: -len(".__init__")]
            return True if self._entry(name) is not None else self.has(owner) and None
        index = self._resolve(name)
        return None if index is _UNKNOWN else index is not None

    def kind(self, name: str) -> str | None:
        """'module' | 'class' | 'function' | 'method' | 'other', None when unknown/absent."""
        entry = self._entry(name)
        return None if entry is None else KIND_NAMES[entry[0]]

    def signature(self, name: str) -> Signature | None:
        """A function's or method's signature; for a class, its constructor's (no self)."""
        entry = self._entry(name)
        if entry is None or entry[0] not in "fdc" or entry[1] < 0:
            return None
        return _parsed(self._sigs[entry[1]], entry[0] in "dc")

    def members(self, name: str) -> list[str] | None:
        """Public names of a walked module (what ``import *`` binds) or of a class."""
        entry = self._entry(name)
        if entry is None or entry[0] not in "mc":
            return None
        if entry[0] == "m":
            return sorted(entry[1])
        names = set(entry[2])
        for base in entry[3]:
            names.update(self._objects[base][2])
        return sorted(names)

    # -- replacements -------------------------------------------------------------------

    def replacement(self, name: str) -> str | None:
        """An existing name to suggest for a missing one, or None.

        ``tf.X`` → the non-compat alias of ``tf.compat.v1.X`` when it has one (a plain
        rename, same object), else ``tf.compat.v1.X``; otherwise another name of the same
        object in a release that has ``name`` (``keras.layers.core.Dense`` →
        ``keras.layers.Dense``); otherwise the best name here with the same last part.
        """
        if self.has(name) is not False:
            return None
        parts = name.split(".")
        parts[0] = ROOT_ALIASES.get(parts[0], parts[0])
        if parts[0] == "tf" and parts[1:2] != ["compat"]:
            compat = ".".join(["tf", "compat", "v1", *parts[1:]])
            index = self._resolve(compat)
            if isinstance(index, int):
                renamed = [alias for alias in self._names_of(index)
                           if alias.startswith("tf.") and ".compat." not in alias]
                return _best(renamed, name) or compat
        kind = None
        for other in self._other_releases():
            index = other._resolve(name)
            if isinstance(index, int):
                best = _best([a for a in other._names_of(index) if self.has(a)], name)
                if best is not None:
                    return best
                kind = kind or other._objects[index][0]
        same_leaf = [candidate for candidate in self._names_by_leaf.get(parts[-1], ())
                     if kind is None or (self._entry(candidate) or "?")[0] == kind]
        return _best(same_leaf, name, related_only=True)

    def _other_releases(self) -> list[ApiModel]:
        return [load(version) for version in versions() if version != self.version]

    def _names_of(self, index: int) -> list[str]:
        return self._names_by_index.get(index, [])

    @functools.cached_property
    def _names_by_index(self) -> dict[int, list[str]]:
        """Names of modules, classes and functions; each module listed once, shortest first."""
        names: dict[int, list[str]] = {}
        queue = deque(self._roots.items())
        seen = set(self._roots.values())
        while queue:
            prefix, index = queue.popleft()
            names.setdefault(index, []).append(prefix)
            entry = self._objects[index]
            for leaf, child in (entry[1].items() if entry[0] in "mM" else ()):
                kind = self._objects[child][0]
                if kind in "fc":
                    names.setdefault(child, []).append(prefix + "." + leaf)
                elif kind in "mM" and child not in seen:
                    seen.add(child)
                    queue.append((prefix + "." + leaf, child))
        return names

    @functools.cached_property
    def _names_by_leaf(self) -> dict[str, list[str]]:
        by_leaf: dict[str, list[str]] = {}
        for names in self._names_by_index.values():
            for name in names:
                by_leaf.setdefault(name.rpartition(".")[2], []).append(name)
        return by_leaf


def _best(candidates: Iterable[str], query: str, related_only: bool = False) -> str | None:
    """The candidate closest to ``query``: same root, sharing its middle parts (``layers``
    in ``tf.contrib.layers.flatten``), not compat/experimental, shortest. ``related_only``
    drops candidates sharing no middle part when the query has some."""
    parts = query.split(".")
    middle = set(parts[1:-1])

    def rank(candidate: str) -> tuple:
        other = candidate.split(".")
        common = next((i for i, (a, b) in enumerate(zip(parts, other)) if a != b),
                      min(len(parts), len(other)))
        return (other[0] != parts[0], -len(middle & set(other[1:-1])),
                "compat" in other and "compat" not in parts, "experimental" in other,
                len(other), -common, candidate)

    ranked = sorted(set(candidates), key=rank)
    if related_only and middle:
        ranked = [c for c in ranked if middle & set(c.split(".")[1:-1])]
    return ranked[0] if ranked else None


@functools.lru_cache(maxsize=None)
def _parsed(text: str, self_dropped: bool) -> Signature:
    return parse_signature(text, self_dropped)


# -- loading --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _short(version: str) -> str | None:
    match = re.match(r"(?:tf-?)?(\d+)\.(\d+)", version.strip())
    return "%s.%s" % match.groups() if match else None


def versions() -> list[str]:
    """The shipped releases, oldest first: ['1.15', '2.15', '2.21']."""
    return list(_shipped())


@functools.lru_cache(maxsize=None)
def _shipped() -> tuple[str, ...]:
    """The data files are read once a process: the checks ask for a model per name resolved."""
    found = (path.name[len("tf-"): -len(".json.gz")] for path in DATA_DIR.glob("tf-*.json.gz"))
    return tuple(sorted(found, key=lambda v: tuple(int(p) for p in v.split("."))))


def closest(version: str) -> str | None:
    """The shipped release nearest ``version`` with the same major, e.g. '2.17.1' → '2.15'."""
    short = _short(version)
    if short is None:
        return None
    major, minor = (int(p) for p in short.split("."))
    same_major = [v for v in versions() if int(v.split(".")[0]) == major]
    return min(same_major, key=lambda v: (abs(int(v.split(".")[1]) - minor), v), default=None)


def load(version: str) -> ApiModel:
    """The model of a shipped release ('2.15', 'tf2.15' and '2.15.1' all work), cached."""
    short = _short(version)
    if short is None or short not in _shipped():
        raise LookupError("no API model for %r; shipped: %s" % (version, ", ".join(versions())))
    return _load_shipped(short)


@functools.lru_cache(maxsize=None)
def _load_shipped(short: str) -> ApiModel:
    return load_file(DATA_DIR / ("tf-%s.json.gz" % short), short)


def load_file(path: str | Path, version: str = "") -> ApiModel:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return ApiModel(json.load(handle), version)


# -- calls ----------------------------------------------------------------------------------


def check_call(sig: Signature, n_positional: int, keywords: Iterable[str],
               name: str | None = None) -> str | None:
    """Python's TypeError text for a call with ``n_positional`` positional arguments and
    these keyword names (no ``*``/``**`` unpacking at the call), or None when the call
    binds or the verdict is not exact (an unknown keyword where ``**kwargs`` takes it)."""
    found = refusal(sig, n_positional, keywords)
    if found is None:
        return None
    template, facts = found
    return ("%s() " % name if name else "") + render(template, facts)


def refusal(sig: Signature, n_positional: int, keywords: Iterable[str]) -> tuple[str, dict] | None:
    """Why the call does not bind, as Python words it: a template (``rules.message``) and
    the facts it names -- the unexpected ``keyword``, the ``argument`` given twice or by a
    keyword it may not have, the ``missing`` parameters, how many positional arguments it
    takes (``least`` to ``most``) and was ``given`` -- or None when it binds (see ``check_call``)."""
    positional = sig.positional
    by_name = {p.name: p for p in sig.parameters if p.kind not in (VAR_POSITIONAL, VAR_KEYWORD)}
    filled = {p.name for p in positional[:n_positional]}
    for keyword in keywords:
        param = by_name.get(keyword)
        if param is None or param.kind == POSITIONAL_ONLY:
            if sig.has_kind(VAR_KEYWORD):
                continue
            if param is None:
                return "got an unexpected keyword argument '{keyword}'", {"keyword": keyword}
            return ("got some positional-only arguments passed as keyword arguments: '{argument}'",
                    {"argument": keyword})
        if keyword in filled:
            return "got multiple values for argument '{argument}'", {"argument": keyword}
        filled.add(keyword)
    if n_positional > len(positional) and not sig.has_kind(VAR_POSITIONAL):
        return _too_many(sig, n_positional)
    for kind, label in ((None, "positional"), (KEYWORD_ONLY, "keyword-only")):
        params = positional if kind is None else [p for p in sig.parameters if p.kind == kind]
        missing = [p.name for p in params if not p.has_default and p.name not in filled]
        if missing:
            return _missing(missing, label)
    return None


def _too_many(sig: Signature, given: int) -> tuple[str, dict]:
    extra = 1 if sig.self_dropped else 0  # Python counts self
    most = len(sig.positional) + extra
    least = sum(1 for p in sig.positional if not p.has_default) + extra
    takes = "{most}" if least == most else "from {least} to {most}"
    plural = "argument" if most == 1 and least == most else "arguments"
    given += extra
    return (f"takes {takes} positional {plural} but {{given}} {'was' if given == 1 else 'were'} given",
            {"least": least, "most": most, "given": given})


def _missing(names: list[str], label: str) -> tuple[str, dict]:
    plural = "argument" if len(names) == 1 else "arguments"
    return (f"missing {{count}} required {label} {plural}: {{missing:quoted}}",
            {"count": len(names), "missing": tuple(names)})

