"""The per-job record: its fields, its status and its JSON line.

One record per job, whatever happened to the job: the scan's output is complete
only if every job has exactly one line.  The JSON Schema is committed at
``schemas/scan-record-v1.schema.json`` and the tests validate every record they make.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from shapetracer import __version__
from shapetracer.jobs.names import label

SCHEMA_VERSION = 1
SCHEMA_PATH = Path(__file__).resolve().parents[2] / "schemas" / "scan-record-v1.schema.json"

# Job statuses, most severe first: a job's status is the first one that applies, so
# a reader sorting by status sees lost data before partial data before clean jobs.
STATUSES = ("timeout", "crashed", "internal_error", "unreadable", "too_large", "refused", "empty",
            "parse_error", "ok")
SCRIPT_STATUSES = ("ok", "parse_error", "unreadable", "internal_error")


@dataclass
class ScriptEntry:
    path: str
    sha256: str
    bytes: int
    status: str  # one of SCRIPT_STATUSES
    findings: int
    cached: bool = False
    calls_modelled: int = 0
    calls_not_modelled: int = 0
    error: str | None = None


@dataclass
class Record:
    job: str
    source: str
    status: str = "ok"
    error: str | None = None  # why the status is not ok, in words
    format: str | None = None
    scripts: list[ScriptEntry] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    log: str | None = None  # the member the failure was classified from
    failure: dict | None = None  # classify_log(text), when a classifier is installed
    target: dict | None = None  # the TensorFlow the scripts were checked against, and why
    refused: list[dict] = field(default_factory=list)
    archive: dict = field(default_factory=lambda: {"members": 0, "bytes": 0, "refused": 0})
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    tool_version: str = __version__
    config_hash: str = ""
    schema_version: int = SCHEMA_VERSION

    def to_dict(self) -> dict:
        """The record as JSON-ready data, schema_version first (the one field a reader checks
        before anything else).  Its lists and dicts are the record's own, not copies
        (``dataclasses.asdict`` copied every finding's, a fiftieth of a scan's time): a record
        is made to be written once."""
        raw = {"schema_version": self.schema_version}
        for name in _RECORD_FIELDS:
            raw[name] = getattr(self, name)
        raw["scripts"] = [{name: getattr(script, name) for name in _SCRIPT_FIELDS} for script in self.scripts]
        return raw


_RECORD_FIELDS = tuple(f.name for f in fields(Record) if f.name != "schema_version")
_SCRIPT_FIELDS = tuple(f.name for f in fields(ScriptEntry))


def job_identity(job_ref: str | os.PathLike) -> tuple[str, str]:
    """``(job, source)`` for a job reference: the child's name and its absolute path."""
    source = os.path.abspath(os.fspath(job_ref))
    return label(os.path.basename(source.rstrip(os.sep)) or source), label(source)


def job_status(problem: str | None, refused: int, scripts: list[ScriptEntry]) -> str:
    """The job's status from what reading and analysis found (see ``STATUSES``)."""
    if any(s.status == "internal_error" for s in scripts):
        return "internal_error"
    if problem is not None:
        return problem
    if refused:
        return "refused"
    if not scripts:
        return "empty"
    if any(s.status != "ok" for s in scripts):
        return "parse_error"
    return "ok"


def failed_record(job_ref: str, status: str, error: str, config_hash: str, seconds: float = 0.0) -> dict:
    """The record of a job whose worker never returned one (timeout, crash, lost task)."""
    job, source = job_identity(job_ref)
    record = Record(job=job, source=source, status=status, error=error, config_hash=config_hash,
                    timings={"total": round(seconds, 4)})
    return record.to_dict()


def to_line(record: dict) -> bytes:
    """One JSON line (UTF-8, newline-terminated).

    Readable non-ASCII where possible; a stray lone surrogate (which UTF-8 cannot
    encode) falls back to ASCII escapes rather than failing the scan.
    """
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(record, separators=(",", ":")).encode("ascii") + b"\n"


def load_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())
