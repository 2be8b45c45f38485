"""The files a run of the project can see: a folder on disk, or a job archive's members.

Two checks need more than the checked file: whether an imported module is installed
(the project's own modules and its dependency files) and whether a file the program
reads is there.  Both ask a ``Workspace``:

- a *repository* on disk, rooted where ``root.find_root`` says.  Its data folders are
  usually kept out of version control, so the file check runs on it only when asked;
- a *job*: the working folder a job ran in, either a folder on disk or the members of an
  archive (never extracted: only their names, and the texts of the dependency files).

Paths inside a workspace are POSIX, relative to its root, without ``./``.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from shapetracer.project.files import SKIPPED_DIRS
from shapetracer.project.root import find_root

REPOSITORY = "repository"
JOB = "job"
MAX_LISTED = 20_000  # a tree holding more is listed no further (a home folder, a monorepo)
MAX_TEXT_BYTES = 1024 * 1024
# The absolute folder an archive's job stands at: ``__file__`` of its scripts is under it,
# so a path built from ``__file__`` is told apart from one relative to the working folder.
ARCHIVE_ROOT = "/job"


def script_file(display_path: str, file: Path | None) -> str:
    """What ``__file__`` is for a checked script: its absolute path on disk, else where its
    archive member stands under ``ARCHIVE_ROOT``.  Absolute either way, a path the script
    builds from it is told apart from one relative to the working folder."""
    if file is not None:
        return os.path.abspath(file)
    return posixpath.join(ARCHIVE_ROOT, display_path.replace("\\", "/").lstrip("/"))


@dataclass(frozen=True)
class Workspace:
    kind: str  # REPOSITORY | JOB
    root: Path | None = None  # the folder on disk; None for an archive's members
    names: frozenset[str] | None = None  # an archive's member names (files and folders), job-relative
    texts: Mapping[str, str] = field(default_factory=dict)  # an archive's dependency files, by name
    complete: bool = True  # every member's name is known (False: the archive was read only in part)
    prefix: str = ""  # the archive's common top folder, stripped from its members' names

    # -- making one ------------------------------------------------------------------------
    @classmethod
    def for_file(cls, file: Path) -> "Workspace":
        """The repository ``file`` belongs to."""
        return cls(REPOSITORY, find_root(file))

    @classmethod
    def of_folder(cls, folder: Path) -> "Workspace":
        """A job that is a folder on disk: the folder is its working folder."""
        return cls(JOB, Path(os.path.abspath(folder)))

    @classmethod
    def of_members(cls, names: list[str], texts: Mapping[str, str], complete: bool = True,
                   strip: bool = True) -> "Workspace":
        """A job read from an archive: every member's name (folders included), and the texts
        of its dependency files.  A folder all members share is the job's own (``job-x/``)
        and is stripped (unless ``strip`` is False: the names are the job's already)."""
        clean = [n.strip("/") for n in names if n.strip("/")]
        prefix = _common_folder(clean) if strip else ""
        strip = len(prefix) + 1 if prefix else 0
        members: set[str] = set()
        for name in clean:
            relative = name[strip:]
            while relative:
                members.add(relative)
                relative = posixpath.dirname(relative)
        return cls(JOB, None, frozenset(members), {k[strip:]: v for k, v in texts.items() if k.startswith(prefix)},
                   complete, prefix)

    # -- questions ---------------------------------------------------------------------------
    @property
    def is_job(self) -> bool:
        return self.kind == JOB

    def relative(self, display_path: str, file: Path | None) -> str | None:
        """A checked script's path inside the workspace; None when it lies outside."""
        if self.root is not None and file is not None:
            try:
                return Path(os.path.abspath(file)).relative_to(self.root).as_posix()
            except ValueError:
                return None
        name = display_path.replace("\\", "/").strip("/")
        if self.prefix and name.startswith(self.prefix + "/"):
            name = name[len(self.prefix) + 1:]
        return name if self.names is None or name in self.names else None

    def absolute(self, relative: str) -> str:
        """Where a workspace path stands as an absolute path: on disk, or under ``ARCHIVE_ROOT``."""
        base = str(self.root) if self.root is not None else ARCHIVE_ROOT
        return posixpath.join(base, relative) if relative else base

    def inside(self, path: str) -> str | None:
        """The workspace path of an absolute ``path`` (an archive's under ``ARCHIVE_ROOT``,
        named as its members are, its top folder included); None when it lies outside."""
        base = str(self.root) if self.root is not None else ARCHIVE_ROOT
        normal = posixpath.normpath(path)
        if normal == base:
            return ""
        if not normal.startswith(base.rstrip("/") + "/"):
            return None
        relative = normal[len(base.rstrip("/")) + 1:]
        if self.root is None and self.prefix:
            if relative == self.prefix:
                return ""
            if not relative.startswith(self.prefix + "/"):
                return None
            relative = relative[len(self.prefix) + 1:]
        return relative

    def exists(self, relative: str) -> bool:
        """Whether a file or folder is there (a path that leaves the workspace: assumed so)."""
        relative = posixpath.normpath(relative)
        if relative in (".", ""):
            return True
        if relative.startswith("../") or relative == "..":
            return True
        if self.names is not None:
            return relative in self.names or not self.complete
        assert self.root is not None
        try:
            return os.path.lexists(self.root / relative)
        except (OSError, ValueError):
            return True

    def has_prefix(self, prefix: str) -> bool:
        """Whether some file's path starts with ``prefix`` (a checkpoint's ``prefix.index``,
        ``prefix-100.data-00000-of-00001``)."""
        prefix = posixpath.normpath(prefix)
        if prefix.startswith("../") or prefix == "..":
            return True
        if self.names is not None:
            return not self.complete or any(n.startswith(prefix) for n in self.names)
        assert self.root is not None
        folder, base = posixpath.split(prefix)
        try:
            return any(entry.name.startswith(base) for entry in os.scandir(self.root / folder))
        except (OSError, ValueError):
            return False

    def read(self, relative: str) -> str | None:
        """A small text file's content (dependency files), or None."""
        relative = posixpath.normpath(relative)
        if self.names is not None:
            return self.texts.get(relative)
        assert self.root is not None
        path = self.root / relative
        try:
            if not path.is_file() or path.stat().st_size > MAX_TEXT_BYTES:
                return None
            return path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    def files_in(self, folder: str) -> list[str]:
        """The names of the files directly in ``folder`` (a workspace path)."""
        folder = posixpath.normpath(folder) if folder else ""
        folder = "" if folder == "." else folder
        if self.names is not None:
            return sorted(posixpath.basename(n) for n in self.names
                          if posixpath.dirname(n) == folder and n not in self._folders())
        assert self.root is not None
        try:
            return sorted(entry.name for entry in os.scandir(self.root / folder) if entry.is_file())
        except OSError:
            return []

    def module_names(self) -> frozenset[str] | None:
        """Every name a module of the workspace could be imported by, wherever it lies: the
        stem of each ``.py``/``.pyx``/extension file and the name of each folder.  An import
        of one of them is never a missing package (a script may be run from any folder).
        None when the workspace is too large to list, or an archive was read in part."""
        if self.names is not None:
            return _module_names(self.names) if self.complete else None
        assert self.root is not None
        return _disk_module_names(str(self.root))

    def _folders(self) -> frozenset[str]:
        assert self.names is not None
        return frozenset(posixpath.dirname(n) for n in self.names if "/" in n)


def _common_folder(names: list[str]) -> str:
    tops = {n.split("/", 1)[0] for n in names}
    if len(tops) == 1 and all("/" in n for n in names):
        return tops.pop()
    return ""


_MODULE_SUFFIXES = (".py", ".pyx", ".pyi", ".so", ".pyd")


def _module_names(paths) -> frozenset[str]:
    found: set[str] = set()
    for path in paths:
        for part in path.split("/")[:-1]:
            found.add(part)
        base = path.rsplit("/", 1)[-1]
        if base.endswith(_MODULE_SUFFIXES):
            found.add(base.split(".", 1)[0])
        elif "." not in base:
            found.add(base)  # a folder member, or a file without suffix: counted (never reported)
    return frozenset(found)


_disk_listings: dict[str, frozenset[str] | None] = {}


def _disk_module_names(root: str) -> frozenset[str] | None:
    if root in _disk_listings:
        return _disk_listings[root]
    found: set[str] = set()
    listed = 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        found.update(dirs)
        for name in files:
            if name.endswith(_MODULE_SUFFIXES):
                found.add(name.split(".", 1)[0])
        listed += len(files) + len(dirs)
        if listed > MAX_LISTED:
            _disk_listings[root] = None
            return None
    result = frozenset(found)
    _disk_listings[root] = result
    return result


def clear_cache() -> None:
    """Forget the folders listed (their files may have changed)."""
    _disk_listings.clear()
