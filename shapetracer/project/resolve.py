"""Which file an import names, as Python's import system would find it.

For an absolute import Python walks ``sys.path``: the folder of the script being run
first, then what the code added, then installed packages.  The project's own code is
found the same way here, over a ``SearchPath`` made for each run (``model.Project``):

1. folders the program put in front (``sys.path.insert(0, ...)``),
2. the folder of the script being run (not of the importing module: ``src/data.py``'s
   ``from src.ops.augment import crop`` is found from the root ``train.py`` runs in),
3. folders the program appended,
4. the project root and a ``src/`` layout beside it (what ``pip install -e .`` and
   ``python -m`` provide),
5. last, the importing module's own folder: Python 2's implicit relative imports, which
   scripts started from their own folder still rely on.

A folder holding ``a/b.py`` or ``a/b/__init__.py`` answers ``a.b``; ``a/`` need not have an
``__init__.py`` (a namespace package).  A relative import (``from ..ops import crop``) is
resolved from the importing module's package.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shapetracer.project.files import DiskFiles, Files


@dataclass(frozen=True)
class SearchPath:
    """The folders one run searches for absolute imports, in Python's order."""

    front: tuple[Path, ...] = ()  # sys.path.insert(0, ...)
    script: Path | None = None  # the folder of the script being run
    back: tuple[Path, ...] = ()  # sys.path.append(...), other inserts
    roots: tuple[Path, ...] = ()  # the project root, its src/ layout

    def __hash__(self) -> int:
        """Kept: every import of a run is looked up with its search path as part of the key."""
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = hash((self.front, self.script, self.back, self.roots))
            object.__setattr__(self, "_hash", value)
            return value

    def folders(self, importer: Path | None) -> list[Path]:
        ordered = [*self.front, *([self.script] if self.script else []), *self.back, *self.roots]
        if importer is not None:
            ordered.append(importer.parent)
        unique: list[Path] = []
        for folder in ordered:
            if folder not in unique:
                unique.append(folder)
        return unique


class Resolver:
    """Module files by dotted name, asking ``files`` (the disk, or a job's members)."""

    def __init__(self, files: Files | None = None) -> None:
        self.files = files if files is not None else DiskFiles()
        # Answers by (name, level, importer's folder, search path): a project's runs ask
        # the same imports from the same folders again and again; and by (folder, name):
        # each run's search path differs (its script's folder) but holds the same folders.
        self._known: dict[tuple, Path | None] = {}
        self._in_folders: dict[tuple[Path, str], Path | None] = {}
        self._folders: dict[tuple[SearchPath, str | None], list[Path]] = {}

    def module_file(self, dotted: str, level: int, importer: Path | None, search: SearchPath) -> Path | None:
        """The file of module ``dotted`` (``level`` leading dots) imported from ``importer``."""
        key = (dotted, level, str(importer.parent) if importer is not None else None, search)
        found = self._known.get(key, False)
        if found is False:
            found = self._known[key] = self._find(dotted, level, importer, search, key[2])
        return found

    def _find(self, dotted: str, level: int, importer: Path | None, search: SearchPath,
              importer_folder: str | None) -> Path | None:
        parts = [part for part in dotted.split(".") if part] if dotted else []
        if level > 0:
            if importer is None:
                return None
            base = importer.parent
            for _ in range(level - 1):
                base = base.parent
            return self._in_folder(base, parts) if parts else self._package_file(base)
        if not parts:
            return None
        folders = self._folders.get((search, importer_folder))
        if folders is None:
            folders = self._folders[(search, importer_folder)] = search.folders(importer)
        for folder in folders:
            key = (folder, dotted)
            found = self._in_folders.get(key, False)
            if found is False:
                found = self._in_folders[key] = self._in_folder(folder, parts)
            if found is not None:
                return found
        return None

    def _in_folder(self, folder: Path, parts: list[str]) -> Path | None:
        """``folder/a/b.py`` or ``folder/a/b/__init__.py`` for ``a.b``; every folder on
        the way must exist (with or without ``__init__.py``)."""
        package = folder.joinpath(*parts[:-1])
        if len(parts) > 1 and not self.files.is_dir(package):
            return None
        module = package / f"{parts[-1]}.py"
        if self.files.is_file(module):
            return module
        init = package / parts[-1] / "__init__.py"
        if self.files.is_file(init):
            return init
        return None

    def _package_file(self, folder: Path) -> Path | None:
        init = folder / "__init__.py"
        return init if self.files.is_file(init) else None
