"""The root of the project a checked path belongs to.

The root is where a user stands when they run the project's scripts and where a package
manager installs it from: the nearest folder above the checked path holding a
``pyproject.toml``, ``setup.py`` or ``setup.cfg``, else one holding ``requirements*.txt``,
else the repository's top (``.git``); the search never leaves the repository.  With none
of these, the checked folder itself (a file's own folder) is the root, so a loose folder
of scripts is a project of its own and nothing above it is read.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGING = ("pyproject.toml", "setup.py", "setup.cfg")


def find_root(path: Path) -> Path:
    """The project root of ``path`` (a file or a folder), as an absolute path."""
    start = _absolute(path)
    if not start.is_dir():
        start = start.parent
    return _root_of_folder(start)


@lru_cache(maxsize=1024)
def _root_of_folder(start: Path) -> Path:
    """``find_root`` of a folder (the files of one folder ask the same question)."""
    requirements: Path | None = None
    for folder in (start, *start.parents):
        if any((folder / name).is_file() for name in _PACKAGING):
            return folder
        if requirements is None and _has_requirements(folder):
            requirements = folder
        if (folder / ".git").exists():
            return requirements or folder
    return requirements or start


def forget() -> None:
    """Drop what was learnt of folders: a long-running process (the language server) asks
    again when a file is opened, as a ``pyproject.toml`` or ``requirements.txt`` may have been
    added or removed since.  A command-line run reads each folder once."""
    _root_of_folder.cache_clear()
    _has_requirements.cache_clear()


def common_root(paths: list[Path]) -> Path:
    """One root for several checked paths: the root of the first, widened to the folder
    they all share when another lies outside it."""
    roots = [find_root(path) for path in paths] or [Path.cwd().resolve()]
    root = roots[0]
    for other in roots[1:]:
        while not _is_under(other, root) and root != root.parent:
            root = root.parent
    return root


def is_marked(root: Path) -> bool:
    """Whether ``root`` was found by a marker (a repository or a package), not taken as the
    loose folder the checked file sits in: only a marked root is searched for the other
    modules that import a checked one."""
    return (any((root / name).is_file() for name in _PACKAGING) or _has_requirements(root)
            or (root / ".git").exists())


@lru_cache(maxsize=1024)
def _has_requirements(folder: Path) -> bool:
    try:
        return any(entry.name.startswith("requirements") and entry.name.endswith(".txt") and entry.is_file()
                   for entry in folder.iterdir())
    except OSError:
        return False


def _absolute(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def _is_under(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents
