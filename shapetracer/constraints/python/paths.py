"""File paths the program spells out: ``os.path`` and ``pathlib`` over constants.

A path a program reads is usually built from literals and ``__file__``:
``os.path.join(os.path.dirname(__file__), "data", "train.csv")``,
``Path(__file__).parent / "weights.h5"``, ``f"{DATA_DIR}/labels.txt"``.  Evaluated here,
such a path is a constant the file check (projectchecks/files.py) can look up in the job.
A ``pathlib`` path is a ``Const`` holding a ``PurePosixPath``: ``/`` on it is Python's own,
its attributes and methods are ``core/paths.py``'s (the frontend asks them for a constant
path).  Whatever depends on the machine (``~``, the home folder, the file
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


@op("os.path.join")
def path_join(ctx: OpContext, *parts):
    texts = texts_of(parts)
    if not texts or any(_machine_dependent(t) for t in texts):
        return UNKNOWN
    return made(posixpath.join(*texts), *parts)


@op("os.path.dirname")
def path_dirname(ctx: OpContext, path):
    text = text_of(path)
    return made(posixpath.dirname(text), path) if text is not None else UNKNOWN


@op("os.path.basename")
def path_basename(ctx: OpContext, path):
    text = text_of(path)
    return made(posixpath.basename(text), path) if text is not None else UNKNOWN


@op("os.path.abspath", "os.path.realpath", "os.path.normpath")
def path_normal(ctx: OpContext, path, *rest):
    """A relative path stays relative: it names the same file from the working folder."""
    text = text_of(path)
    if text is None or _machine_dependent(text):
        return UNKNOWN
    return made(posixpath.normpath(text), path)


@op("os.path.expanduser")
def path_expanduser(ctx: OpContext, path):
    text = text_of(path)
    return made(text, path) if text is not None and not _machine_dependent(text) else UNKNOWN


@op("os.path.splitext")
def path_splitext(ctx: OpContext, path):
    text = text_of(path)
    if text is None:
        return UNKNOWN
    root, extension = posixpath.splitext(text)
    return Seq([made(root, path), made(extension, path)], "tuple")


@op("os.getcwd", "pathlib.Path.cwd")
def working_folder(ctx: OpContext, *args):
    return Const(".") if ctx.api == "os.getcwd" else Const(PurePosixPath("."))


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
    ok("os.path.join", "data", "train", "x.csv", expect="data/train/x.csv"),
    ok("os.path.join", "/job/train.py", "../data", expect="/job/train.py/../data"),
    ok("os.path.dirname", "/job/src/train.py", expect="/job/src"),
    ok("os.path.basename", "data/x.csv", expect="x.csv"),
    ok("os.path.abspath", "./data/../data/x.csv", expect="data/x.csv"),
    ok("os.path.expanduser", "~/data", expect=UNKNOWN),
    ok("os.path.splitext", "model.h5", expect=("model", ".h5")),
    ok("os.getcwd", expect="."),
    ok("os.path.normpath", "data//x/../y.csv", expect="data/y.csv"),
    ok("os.path.realpath", "/job/src/../data", expect="/job/data"),
    ok("os.fspath", "data/x.csv", expect="data/x.csv"),
    ok("pathlib.Path", "data", "x.csv", expect=Const(PurePosixPath("data/x.csv"))),
    ok("pathlib.Path", "~", "x.csv", expect=UNKNOWN),
    ok("pathlib.PurePath", "/job", "x.csv", expect=Const(PurePosixPath("/job/x.csv"))),
    ok("pathlib.PosixPath", "x.csv", expect=Const(PurePosixPath("x.csv"))),
    ok("pathlib.PurePosixPath", "a", "b", expect=Const(PurePosixPath("a/b"))),
    ok("pathlib.Path.cwd", expect=Const(PurePosixPath("."))),
]
