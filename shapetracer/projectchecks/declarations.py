"""What a script's project declares it needs: its dependency files, every distribution they
name, and the TensorFlow they pin.

The files are those of the script's folder and of each folder above it up to the
workspace's root (and, on disk, on up to the top of the repository): a requirements file
at the top serves the scripts in the folders below it, as ``pip install -r`` at the top
does.  All of them together are what an environment made for the project may hold.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from pathlib import Path

from shapetracer.project import packages
from shapetracer.project.workspace import Workspace
from shapetracer.versions import pins as pinning
from shapetracer.versions.declared import NOTHING, Declared, declared_in
from shapetracer.versions.resolve import decide

MAX_LEVELS_ABOVE = 6  # folders above a repository's root read for dependency files


@dataclass(frozen=True)
class Declarations:
    files: tuple[str, ...]  # the dependency files read (workspace paths; absolute above the root)
    declared: Declared
    tf_versions: tuple[str, ...]  # the supported TensorFlows whose environments stand for the pin
    tf_pin: str = ""  # the TensorFlow requirement as written ("" when none is versioned)

    @property
    def usable(self) -> bool:
        """Whether the files say what the environment holds: some file declares something,
        and every file could be read to the end (a setup.py that computes its list counts
        when a requirements file beside it is what it reads)."""
        if not self.declared.names or self.declared.open is not None:
            return False
        return not self.declared.dynamic or any(_is_requirements(f) for f in self.files)


_cache: dict[tuple[str, str, str], Declarations] = {}


def clear_cache() -> None:
    """Forget what the folders on disk declare (their files may have changed)."""
    _cache.clear()


def declarations(workspace: Workspace, script: str) -> Declarations:
    """The declarations that serve ``script`` (a workspace path); on disk, read once per
    folder and process, as ``versions.resolve`` reads pins."""
    if workspace.root is None:
        return _read(workspace, script)
    key = (workspace.kind, str(workspace.root), posixpath.dirname(script))
    if key not in _cache:
        _cache[key] = _read(workspace, script)
    return _cache[key]


def _read(workspace: Workspace, script: str) -> Declarations:
    found: list[tuple[str, str, str]] = []  # (shown name, base name, text), nearest folder first
    readers: dict[str, object] = {}
    folder = posixpath.dirname(script)
    while True:
        for name in sorted((n for n in workspace.files_in(folder) if pinning.is_dependency_file(n)),
                           key=pinning.rank):
            relative = posixpath.join(folder, name) if folder else name
            text = workspace.read(relative)
            if text is not None:
                found.append((relative, name, text))
                readers[relative] = _includer(workspace, folder)
        if not folder:
            break
        folder = posixpath.dirname(folder)
    if workspace.root is not None and not workspace.is_job:
        found += _above(workspace.root, readers)
    declared = NOTHING
    tf_pins: list[pinning.Pin] = []
    for shown, name, text in found:
        include = readers[shown]
        declared |= declared_in(name, text, include)
        tf_pins += pinning.pins_in(name, text, shown, include)
    versions, pin = _tensorflow(declared, tf_pins)
    return Declarations(tuple(shown for shown, _, _ in found), declared, versions, pin)


def _tensorflow(declared: Declared, tf_pins: list[pinning.Pin]) -> tuple[tuple[str, ...], str]:
    """The supported TensorFlows an environment made from the files may have: the one a
    versioned pin allows (its newest), every one for an unversioned requirement, none when
    no TensorFlow is declared."""
    decision = decide(tf_pins)
    if decision.tf is not None and any(p.package in pinning.TF_PACKAGES for p in tf_pins):
        return (packages.data_version(decision.tf),), decision.pin
    if any(packages.provides(name, "tensorflow") and packages.modules_of(name)[1] for name in declared.names):
        return ("1.15", "2.15", "2.21"), ""
    return (), ""


def _includer(workspace: Workspace, folder: str):
    def include(relative: str) -> str | None:
        return workspace.read(posixpath.normpath(posixpath.join(folder, relative)))
    return include


def _above(root: Path, readers: dict[str, object]) -> list[tuple[str, str, str]]:
    """Dependency files of the folders above a repository's root, up to the top of its git
    repository (none when the root is not inside one)."""
    chain: list[Path] = []
    for folder in list(root.parents)[:MAX_LEVELS_ABOVE]:
        chain.append(folder)
        if (folder / ".git").exists():
            break
    else:
        return []
    if (root / ".git").exists():
        return []
    found = []
    for folder in chain:
        try:
            names = sorted((e.name for e in os.scandir(folder) if e.is_file() and pinning.is_dependency_file(e.name)),
                           key=pinning.rank)
        except OSError:
            continue
        outer = Workspace.of_folder(folder)
        for name in names:
            text = outer.read(name)
            if text is not None:
                shown = str(folder / name)
                found.append((shown, name, text))
                readers[shown] = _includer(outer, "")
    return found


def _is_requirements(file: str) -> bool:
    base = file.replace("\\", "/").rsplit("/", 1)[-1].lower()
    return base.startswith("requirements") and base.endswith(".txt")
