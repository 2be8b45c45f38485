"""What a scan is configured with, in a form that crosses process and machine boundaries.

``ScanConfig`` is plain data (JSON round-trip) because it travels to worker
processes and to Dask workers, and because its hash is stamped on every record:
two records are comparable only when their ``config_hash`` is equal.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from functools import lru_cache
from pathlib import Path

from shapetracer import __version__
from shapetracer import options as option_table

MIB = 1024 * 1024
# Jobs a worker process runs before a fresh one replaces it (Z3 and libcst keep caches that
# grow).  A worker's start costs about 0.9 s of CPU: with 1,000, 13 starts were 4% of a scan of
# 12,289 corpus jobs, while a worker's memory grew from 117 to 122 MB over 2,000 jobs.
MAX_TASKS = 4000


@dataclass(frozen=True)
class Caps:
    """Limits on what one job may make us read; they bound memory and time per job.

    Sizes count *decompressed* bytes as they are read, never header fields, which an
    attacker controls.  A compression ratio above ``max_ratio`` is a bomb only once
    ``ratio_floor`` bytes came out: small, very repetitive files are common and harmless.
    """

    max_members: int = 10_000
    max_script_bytes: int = 8 * MIB  # the engine refuses larger sources anyway
    max_total_bytes: int = 512 * MIB  # decompressed per job, all members together
    max_ratio: float = 100.0
    ratio_floor: int = 4 * MIB
    log_head_bytes: int = 64 * 1024  # logs: the head and the tail (tracebacks end logs)
    log_tail_bytes: int = MIB


def _analysis_fields(cls):
    """Give ``cls`` a field per option the options table marks ``scan``, with its default."""
    for option in option_table.scanned():
        cls.__annotations__[option.attr] = "object"
        setattr(cls, option.attr, option_table.plain(option, option.default_value))
    return cls


@dataclass(frozen=True)
@_analysis_fields
class ScanConfig:
    """Analysis options and caps for one scan (everything a worker needs).

    Besides ``caps`` and ``cache_dir`` it has one field per option the options table
    marks ``scan`` (select, ignore, possible_failures, show_notes, generic, with_pylint,
    tf_version), codes as sorted tuples.
    """

    caps: Caps = field(default_factory=Caps)
    cache_dir: str | None = None  # None: no cache

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "ScanConfig":
        raw = json.loads(text)
        caps = Caps(**raw.pop("caps"))
        known = {f.name for f in fields(cls)}
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in raw.items() if k in known}
        return cls(caps=caps, **values)

    def analysis_hash(self) -> str:
        """Hash of what changes one script's findings: the cache key's config part."""
        raw = {}
        for option in option_table.scanned():
            value = option_table.plain(option, getattr(self, option.attr))
            # options added after the first scans count only when set, so their hashes stay valid
            if option.hash_default or value != option_table.plain(option, option.default_value):
                raw[option.attr] = value
        return _digest(raw)

    def config_hash(self) -> str:
        """Hash of what changes a record (analysis and caps; not the cache or the pool)."""
        return _digest({"analysis": self.analysis_hash(), "caps": asdict(self.caps)})

    def engine_options(self):
        """The analysis engine's ``Options``."""
        return option_table.engine_options({o.key: getattr(self, o.attr) for o in option_table.scanned()})

    def default_target(self):
        """The TensorFlow of a job whose files and log name none: --tf-version, else the
        installed tensorflow, else the newest."""
        from shapetracer import versions

        if self.tf_version is not None:
            return versions.from_setting(self.tf_version, "flag")
        return versions.fallback()


def _digest(raw: object) -> str:
    return hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()[:16]


@lru_cache(maxsize=1)
def build_fingerprint() -> str:
    """A hash of the analysis code itself, for the cache key.

    ``__version__`` does not change with every edit during development, and a stale
    cache hit would silently hide a fix; hashing the package's sources (about 100
    small files, a few milliseconds) makes any change of the analyser a cache miss.
    The ``jobs`` sub-package is left out: it does not change a script's findings.
    """
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("jobs/"):
            continue
        digest.update(relative.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            continue
    return f"{__version__}-{digest.hexdigest()[:12]}"
