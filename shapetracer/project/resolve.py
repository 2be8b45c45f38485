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

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class SearchPath:
    """The folders one run searches for absolute imports, in Python's order."""

    front: tuple[Path, ...] = ()  # sys.path.insert(0, ...)
    script: Path | None = None  # the folder of the script being run
    back: tuple[Path, ...] = ()  # sys.path.append(...), other inserts
    roots: tuple[Path, ...] = ()  # the project root, its src/ layout

    def folders(self, importer: Path | None) -> list[Path]:
        ordered = [*self.front, *([self.script] if self.script else []), *self.back, *self.roots]
        if importer is not None:
            ordered.append(importer.parent)
        unique: list[Path] = []
        for folder in ordered:
            if folder not in unique:
                unique.append(folder)
        return unique


@dataclass
class Resolver:
    """Module files by dotted name, with the file system asked once per candidate."""

    _exists: dict[Path, bool] = field(default_factory=dict)

    def module_file(self, dotted: str, level: int, importer: Path | None, search: SearchPath) -> Path | None:
        """The file of module ``dotted`` (``level`` leading dots) imported from ``importer``."""
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
        for folder in search.folders(importer):
            found = self._in_folder(folder, parts)
            if found is not None:
                return found
        return None

    def _in_folder(self, folder: Path, parts: list[str]) -> Path | None:
        """``folder/a/b.py`` or ``folder/a/b/__init__.py`` for ``a.b``; every folder on
        the way must exist (with or without ``__init__.py``)."""
        package = folder.joinpath(*parts[:-1])
        if len(parts) > 1 and not self._is_dir(package):
            return None
        module = package / f"{parts[-1]}.py"
        if self._is_file(module):
            return module
        init = package / parts[-1] / "__init__.py"
        if self._is_file(init):
            return init
        return None

    def _package_file(self, folder: Path) -> Path | None:
        init = folder / "__init__.py"
        return init if self._is_file(init) else None

    def _is_file(self, path: Path) -> bool:
        known = self._exists.get(path)
        if known is None:
            try:
                known = self._exists[path] = path.is_file()
            except OSError:
                known = self._exists[path] = False
        return known

    def _is_dir(self, path: Path) -> bool:
        try:
            return path.is_dir()
        except OSError:
            return False
