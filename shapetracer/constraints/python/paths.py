"""File paths the program spells out: ``os.path`` and ``pathlib`` over constants.

A path a program reads is usually built from literals and ``__file__``:
``os.path.join(os.path.dirname(__file__), "data", "train.csv")``,
``Path(__file__).parent / "weights.h5"``, ``f"{DATA_DIR}/labels.txt"``.  Evaluated here,
such a path is a constant the file check (projectchecks/files.py) can look up in the job.
A ``pathlib`` path is a ``Const`` holding a ``PurePosixPath``: ``/`` on it is Python's own,
its attributes and methods are ``core/paths.py``'s (the frontend asks them for a constant
path).  ``os.path``'s own functions are modelled in ``builtins.py``.  Whatever depends on the machine (``~``, the home folder, the file
system's answers) is unknown.
"""

from __future__ import annotations

import posixpath
from pathlib import PurePosixPath

from shapetracer.constraints.core.examples import ok
from shapetracer.constraints.core.paths import CommandLineDefault, made, text_of, texts_of
from shapetracer.constraints.core.spec import OpContext, op
from shapetracer.domain.values import UNKNOWN, Const, Seq, Value

NO_FAILURES = "path arithmetic raises nothing here: whether the file is there is the file check's business"


def _machine_dependent(text: str) -> bool:
    return text.startswith("~")


def _marked(values) -> bool:
    return any(isinstance(v, CommandLineDefault) for v in values)


@op("os.path.splitext")
def path_splitext(ctx: OpContext, path):
    text = text_of(path)
    if text is None:
        return UNKNOWN
    root, extension = posixpath.splitext(text)
    return Seq([made(root, path), made(extension, path)], "tuple")


@op("pathlib.Path.cwd")
def working_folder(ctx: OpContext, *args):
    return Const(PurePosixPath("."))


@op("os.fspath")
def fspath(ctx: OpContext, path):
    text = text_of(path)
    return made(text, path) if text is not None else UNKNOWN


@op("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.PurePosixPath")
def make_path(ctx: OpContext, *parts):
    texts = texts_of(parts)
    if texts is None or _marked(parts) or any(_machine_dependent(t) for t in texts):
        return UNKNOWN  # a pathlib path keeps no mark: one from a command-line default is unknown
    return Const(PurePosixPath(*texts))


EXAMPLES: list = [
    ok("os.path.splitext", "model.h5", expect=("model", ".h5")),
    ok("os.fspath", "data/x.csv", expect="data/x.csv"),
    ok("pathlib.Path", "data", "x.csv", expect=Const(PurePosixPath("data/x.csv"))),
    ok("pathlib.Path", "~", "x.csv", expect=UNKNOWN),
    ok("pathlib.PurePath", "/job", "x.csv", expect=Const(PurePosixPath("/job/x.csv"))),
    ok("pathlib.PosixPath", "x.csv", expect=Const(PurePosixPath("x.csv"))),
    ok("pathlib.PurePosixPath", "a", "b", expect=Const(PurePosixPath("a/b"))),
    ok("pathlib.Path.cwd", expect=Const(PurePosixPath("."))),
]
