"""Paths as values: what a string or ``pathlib`` constant names, and ``pathlib``'s attributes
and methods that need no file system.

A ``pathlib`` path is a ``Const`` holding a ``PurePosixPath`` (``constraints/python/paths.py``
makes them): ``/`` on it is Python's own, and the frontend asks ``path_attribute`` and
``path_method`` here for the rest.  Infrastructure: no spec lives here.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import PurePath, PurePosixPath
from typing import Any

from shapetracer.domain.values import UNKNOWN, Const, Obj, Seq, Tensor, Value

_MAX_PATH = 4096  # longer strings are not paths a program reads


@dataclass(eq=False)
class CommandLineDefault(Const):
    """A string the command line may replace: an ``argparse`` option's or a flag's default.
    A path built from one is not surely the path a job opened, so the file check reads
    none; everything else sees the plain constant (its ``value`` is a plain ``str``).
    Path operations and string building over it keep the mark (``made``)."""


def overridable(value: Value) -> Value:
    """A default the command line may replace: a string constant is marked."""
    if isinstance(value, Const) and isinstance(value.value, str) and not isinstance(value, CommandLineDefault):
        return CommandLineDefault(value.value)
    return value


def made(result: Any, *inputs: Value) -> Const:
    """The constant ``result`` computed from ``inputs``: marked when any of them is a
    command-line default and the result is a string."""
    if isinstance(result, str) and any(isinstance(i, CommandLineDefault) for i in inputs):
        return CommandLineDefault(result)
    return Const(result)


def text_of(value: Value) -> str | None:
    """The path a value holds (a string or a ``pathlib`` path), or None."""
    if isinstance(value, Const):
        if isinstance(value.value, str) and len(value.value) <= _MAX_PATH:
            return value.value
        if isinstance(value.value, PurePath):
            return str(value.value)
    return None


def texts_of(values) -> list[str] | None:
    texts = [text_of(v) for v in values]
    return None if any(t is None for t in texts) else texts  # type: ignore[return-value]


def path_attribute(path: PurePath, name: str) -> Value | None:
    """``path.parent``, ``.name``, ``.stem``, ``.suffix``, ``.parts``; None for a method."""
    if name == "parent":
        return Const(path.parent)
    if name in ("name", "stem", "suffix"):
        return Const(getattr(path, name))
    if name == "parents":
        return Seq([Const(p) for p in path.parents], "tuple")
    return None


def path_method(path: PurePath, name: str, args: list[Value]) -> Value:
    """The constant result of a ``pathlib`` method that needs no file system (``resolve``
    and ``absolute`` keep a relative path relative: the same file from the working
    folder); anything else is unknown."""
    texts = texts_of(args)
    if texts is None:
        return UNKNOWN
    try:
        if name in ("resolve", "absolute") and not texts:
            return Const(PurePosixPath(posixpath.normpath(str(path))))
        if name == "expanduser" and not texts:
            return UNKNOWN if str(path).startswith("~") else Const(path)
        if name == "joinpath":
            return Const(path.joinpath(*texts))
        if name in ("with_suffix", "with_name", "with_stem", "relative_to") and len(texts) == 1:
            return Const(getattr(path, name)(texts[0]))
        if name in ("as_posix", "__str__", "__fspath__") and not texts:
            return Const(str(path))
    except (ValueError, TypeError, AttributeError):
        return UNKNOWN
    return UNKNOWN


# A path inside a folder ``tempfile.mkdtemp`` made in this run: no file in it is older than
# the program, so what ``np.save`` wrote there is what ``np.load`` reads (numpy/files.py).
# The key names the folder by the call that made it and the parts joined to it.
FRESH_PATH = "__fresh_path__"
SUFFIX = "__suffix__"  # the path's known ending (".npy"), when its last part is known


def fresh_key(value: Any) -> tuple | None:
    if isinstance(value, Obj) and value.type_name == "builtins.str" and isinstance(value.attrs.get(FRESH_PATH), Const):
        return value.attrs[FRESH_PATH].value
    return None


def path_marks(parts: list) -> dict:
    """The fresh-folder key and the known ending of a join of these parts, where known."""
    marks: dict = {}
    last = parts[-1]
    if isinstance(last, Const) and isinstance(last.value, str):
        marks[SUFFIX] = Const(posixpath.splitext(last.value)[1])
    root = fresh_key(parts[0])
    rest = [p.value if isinstance(p, Const) and isinstance(p.value, str) and not p.value.startswith("/")
            else fresh_key(p) for p in parts[1:]]
    if root is not None and all(r is not None for r in rest):
        marks[FRESH_PATH] = Const((root, *rest))
    return marks


def saved_key(file: Any, *suffixes: str) -> tuple | None:
    """The key of a path with one of these endings in a folder this run made."""
    key = fresh_key(file)
    ending = file.attrs.get(SUFFIX) if isinstance(file, Obj) else None
    return key if key is not None and isinstance(ending, Const) and ending.value in suffixes else None


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Tensor) and isinstance(b, Tensor):
        return a.dtype == b.dtype and a.shape.tuple_str() == b.shape.tuple_str()
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return not isinstance(a, (Tensor, tuple)) and not isinstance(b, (Tensor, tuple)) and a == b


def remember(ctx: Any, key: tuple | None, content: Any) -> None:
    """Records what a write put at a fresh path.  A second write of other content, one of
    unknown content or one in code that may not run makes the file's content unknown for
    the rest of the run; a write the program does not reach leaves no file, so loading it
    raises anyway."""
    if key is None:
        return
    before = ctx.host.saved_files.get(key, content)
    keep = content is not None and not ctx.host.undecided and _same(before, content)
    ctx.host.saved_files[key] = content if keep else None
