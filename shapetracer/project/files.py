"""Where a project's files are: on disk (a repository), or in memory (a job archive, which
is read in memory and never extracted).

The project model and the interpreter ask the same four questions of either: is this a
file, is this a folder, what are its bytes, which Python files are there.  A job's members
live under a virtual root (``MemoryFiles.root``), so paths, imports and ``__file__`` work
as they do on disk, and nothing is ever written.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Iterable, Protocol

# Folders that hold installed or generated code, never the project's own modules.
SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", "__pycache__", "__pypackages__", ".venv", "venv", "env", ".tox", ".nox",
    ".eggs", "site-packages", "dist-packages", "node_modules", ".mypy_cache", ".ruff_cache",
    ".ipynb_checkpoints", ".shapetracer_cache", "build", "dist",
})
MAX_FILES = 5000  # a root holding more is read no further (a home folder, a monorepo)


class Files(Protocol):
    def is_file(self, path: Path) -> bool: ...

    def is_dir(self, path: Path) -> bool: ...

    def read(self, path: Path) -> bytes | None: ...

    def python_files(self, paths: Iterable[Path]) -> list[Path]: ...


class DiskFiles:
    """The file system, with the answers about existence kept (an import is resolved by
    asking for the same few paths again and again)."""

    def __init__(self) -> None:
        self._files: dict[Path, bool] = {}
        self._dirs: dict[Path, bool] = {}

    def is_file(self, path: Path) -> bool:
        known = self._files.get(path)
        if known is None:
            try:
                known = self._files[path] = path.is_file()
            except OSError:
                known = self._files[path] = False
        return known

    def is_dir(self, path: Path) -> bool:
        known = self._dirs.get(path)
        if known is None:
            try:
                known = self._dirs[path] = path.is_dir()
            except OSError:
                known = self._dirs[path] = False
        return known

    def read(self, path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except OSError:
            return None

    def python_files(self, paths: Iterable[Path]) -> list[Path]:
        """The ``.py`` and ``.ipynb`` files under ``paths`` (files as given), resolved, each
        once, installed and generated folders skipped, in path order."""
        found: list[Path] = []
        seen: set[Path] = set()
        for path in paths:
            if path.is_dir():
                for folder, dirs, files in os.walk(path, followlinks=False):
                    dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
                    for name in sorted(files):
                        if name.endswith((".py", ".ipynb")):
                            _add(Path(folder) / name, found, seen)
                    if len(found) >= MAX_FILES:
                        return found
            else:
                _add(path, found, seen)
        return found


def _add(path: Path, found: list[Path], seen: set[Path]) -> None:
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):
        return
    if resolved not in seen:
        seen.add(resolved)
        found.append(resolved)


class MemoryFiles:
    """A job's members (name -> bytes, names relative to the job's working folder) under a
    virtual root that exists nowhere on disk."""

    ROOT = Path("/__job__")

    def __init__(self, members: dict[str, bytes], root: Path | None = None) -> None:
        self.root = root or self.ROOT
        self.members = {self.root.joinpath(*PurePosixPath(name).parts): data for name, data in members.items()}
        self.dirs = {parent for path in self.members for parent in path.parents}

    def is_file(self, path: Path) -> bool:
        return path in self.members

    def is_dir(self, path: Path) -> bool:
        return path in self.dirs

    def read(self, path: Path) -> bytes | None:
        return self.members.get(path)

    def python_files(self, paths: Iterable[Path]) -> list[Path]:
        wanted = list(paths)
        return sorted(p for p in self.members if p.suffix in (".py", ".ipynb")
                      and any(p == w or w in p.parents for w in wanted))

    def name(self, path: Path) -> str:
        """A member's own name (what the job's records call it)."""
        return path.relative_to(self.root).as_posix()
