"""Content-hash cache of per-script results, shared by every worker and every scan.

Failed jobs reuse the same scripts over and over (a tutorial copied by many users,
a job resubmitted after a crash), so a script is analysed once per
(content sha256, analyser build, analysis options, target TensorFlow).  The key's build,
options and target parts are a directory (``<root>/v1/<build>-<options>-<target>/``), so a
new analyser or other options simply start an empty namespace; old ones can be deleted as
a whole.

Writes go to a temporary file in the same directory and are renamed into place:
readers (other workers, other machines on a shared disk) see the old entry or the
new one, never half of one, and a killed writer leaves at most a stray temp file.
An unreadable or corrupt entry is a miss, never an error.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from shapetracer.jobs.config import ScanConfig, build_fingerprint

FORMAT = "v1"
_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
        "# This file is a cache directory tag created by shapetracer.\n"
        "# For information about cache directory tags see https://bford.info/cachedir/\n")


class ScriptCache:
    def __init__(self, root: str | os.PathLike, namespace: str):
        self.root = Path(root)
        self.directory = self.root / FORMAT / namespace

    @classmethod
    def for_config(cls, config: ScanConfig, target=None) -> "ScriptCache | None":
        """The cache of scripts analysed with ``config`` against ``target`` (a ``Target``;
        None: the one of a job that names none, ``config.default_target()``)."""
        if config.cache_dir is None:
            return None
        target = target or config.default_target()
        return cls(config.cache_dir, f"{build_fingerprint()}-{config.analysis_hash()}-"
                                     f"tf{target.version}-keras{target.keras}")

    def _path(self, sha256: str) -> Path:
        return self.directory / sha256[:2] / f"{sha256}.json"

    def get(self, sha256: str) -> dict | None:
        try:
            entry = json.loads(self._path(sha256).read_bytes())
        except (OSError, ValueError):
            return None
        return entry if isinstance(entry, dict) and entry.get("sha256") == sha256 else None

    def put(self, sha256: str, entry: dict) -> None:
        """Store an entry; a cache that cannot be written is only slower, so errors pass."""
        target = self._path(sha256)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            self._mark_root()
            fd, temporary = tempfile.mkstemp(prefix=".tmp-", dir=target.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(json.dumps({**entry, "sha256": sha256}).encode())
                os.replace(temporary, target)
            except BaseException:
                _unlink(temporary)
                raise
        except OSError:
            return

    def _mark_root(self) -> None:
        """CACHEDIR.TAG and a catch-all .gitignore, as ruff does, so backups and git skip it."""
        tag = self.root / "CACHEDIR.TAG"
        if not tag.exists():
            tag.write_text(_TAG)
            (self.root / ".gitignore").write_text("*\n")


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
