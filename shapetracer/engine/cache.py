"""The cache of a project's runs and files, under ``.shapetracer_cache/`` in its root.

A second check of an unchanged repository should cost what reading it costs, as with
ruff's and mypy's caches.  Two kinds of entries are kept, each a pickle named by a hash
of everything its result depends on:

- a **run** (one script with what it imports, ``engine.project.run_script``): the bytes of
  every project file the run reaches, their paths, the target TensorFlow and the options.
  Editing a leaf module changes the key of the runs that reach it, its importers', and
  of no other run;
- a **file's result** (its own pass: reading, parsing, pyflakes, suppressions, with the
  shape findings the runs made in it): its bytes, its path, its target, the options and
  those findings.

Every key also holds the tool's fingerprint (its version and the size and time of each
of its modules), and the entries live in a folder of that fingerprint: a cache written by
another version is never read, and is removed when this one first writes.  A damaged or
unreadable entry is a miss; a folder that cannot be written is no cache.  Nothing here
decides what is analysed, only whether it has been already.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import pickle
import shutil
import tempfile
from pathlib import Path
from typing import Any

import shapetracer

FOLDER = ".shapetracer_cache"
_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# shapetracer's cache: https://bford.info/cachedir/\n"
_fingerprint: str | None = None


def tool_fingerprint() -> str:
    """The version and the modules' sizes and times: an edited checkout is another tool."""
    global _fingerprint
    if _fingerprint is None:
        package = os.path.dirname(shapetracer.__file__)
        lines = [shapetracer.__version__]
        _module_stats(package, "", lines)  # every run pays this walk: plain strings, no Path objects
        _fingerprint = hashlib.sha256("\n".join(sorted(lines[1:], key=_name_of)).encode()
                                      + b"\0" + lines[0].encode()).hexdigest()[:20]
    return _fingerprint


def _module_stats(folder: str, relative: str, lines: list[str]) -> None:
    """``name:size:mtime`` of each ``.py`` and ``.json`` file under ``folder``."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        name = f"{relative}{entry.name}"
        try:
            if entry.is_dir(follow_symlinks=False):
                _module_stats(entry.path, f"{name}/", lines)
            elif entry.name.endswith((".py", ".json")):
                stat = entry.stat()
                lines.append(f"{name}:{stat.st_size}:{stat.st_mtime_ns}")
        except OSError:
            continue


def _name_of(line: str) -> str:
    return line.rpartition(":")[0].rpartition(":")[0]


def options_text(options: Any) -> str:
    """The options as canonical text (sets sorted): equal options, equal keys, in any process."""
    def plain(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, (set, frozenset)):
            return sorted(plain(v) for v in value)
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in sorted(value.items(), key=lambda item: str(item[0]))}
        return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
    return json.dumps(plain(options), sort_keys=True)


def content_bytes(value: Any) -> bytes:
    """``value`` pickled without pickle's memo, for a key: equal values give equal bytes
    whether or not they share objects.  (A run's findings read back from the cache share
    nothing with another run's; made fresh in one process, two runs' findings may share a
    path string, and the plain pickle would then differ in its back-references.)"""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: every object written out in full
    try:
        pickler.dump(value)
    except (RecursionError, ValueError):  # a structure that refers to itself needs the memo
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return buffer.getvalue()


class Cache:
    """Entries under ``root/.shapetracer_cache/<fingerprint>/``; ``Cache(None)`` keeps nothing."""

    def __init__(self, root: Path | None) -> None:
        self.folder = root / FOLDER / tool_fingerprint() if root is not None else None
        self.hits = 0
        self.misses = 0
        self._prepared = False

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    def key(self, kind: str, *parts: bytes | str) -> str:
        digest = hashlib.sha256(f"{kind}\0{tool_fingerprint()}".encode())
        for part in parts:
            data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
            digest.update(len(data).to_bytes(8, "little"))
            digest.update(data)
        return f"{kind}-{digest.hexdigest()}"

    def load(self, key: str) -> Any | None:
        if self.folder is None:
            return None
        try:
            with open(self.folder / key, "rb") as handle:
                value = pickle.load(handle)
        except Exception:  # missing, damaged, or written by code that no longer unpickles
            self.misses += 1
            return None
        self.hits += 1
        return value

    def store(self, key: str, value: Any) -> None:
        if self.folder is None or not self._prepare():
            return
        try:
            data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, self.folder / key)  # readers see a whole entry or none
        except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return

    def _prepare(self) -> bool:
        """Make the folder (tagged, ignored by git) and drop other versions' entries."""
        if self._prepared:
            return self.folder is not None
        self._prepared = True
        assert self.folder is not None
        top = self.folder.parent
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not (top / "CACHEDIR.TAG").exists():
                (top / "CACHEDIR.TAG").write_text(_TAG, encoding="utf-8")
                (top / ".gitignore").write_text("# made by shapetracer\n*\n", encoding="utf-8")
            for other in top.iterdir():
                if other.is_dir() and other != self.folder:
                    shutil.rmtree(other, ignore_errors=True)
        except OSError:
            self.folder = None
            return False
        return True
