"""The scan's output file: JSON Lines appended durably, and read back to resume.

Guarantees, with one writer (enforced by an exclusive lock on the file):
- a record is on disk before the scan counts it (write, flush, fsync per line);
- a scan killed at any instant (SIGKILL, power loss) leaves complete lines plus at
  most one torn last line, which the next run detects and cuts off;
- a rerun skips every job that has a complete line, so each job ends up exactly once.
A job whose record was torn is simply scanned again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from shapetracer.jobs.records import to_line

try:
    import fcntl
except ImportError:  # not POSIX: no lock (the local engine needs POSIX anyway)
    fcntl = None


class ResumeError(Exception):
    """The output cannot be resumed or written: the run fails (exit 2) before any job."""


@dataclass
class Existing:
    """What a previous run left in the output file."""

    done: set[str] = field(default_factory=set)  # sources with a complete record
    records: int = 0
    torn_bytes: int = 0  # bytes of an unfinished last line that were cut off
    bad_lines: int = 0  # complete lines that are not records (kept, ignored)
    config_hashes: set[str] = field(default_factory=set)


class ResultsFile:
    """Open (or create) the output, lock it, repair its tail, and append records."""

    def __init__(self, path: str | os.PathLike, config_hash: str):
        self.path = Path(path)
        self.config_hash = config_hash
        self.handle = None
        self.existing = Existing()

    def __enter__(self) -> "ResultsFile":
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            created = not self.path.exists()
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            if created:
                _fsync_directory(self.path.parent)  # the new file's name survives a power loss
        except OSError as exc:
            raise ResumeError(f"cannot open {self.path}: {exc.strerror or exc}") from exc
        self.handle = os.fdopen(fd, "r+b", buffering=0)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            self.handle.close()
            raise ResumeError(f"{self.path} is being written by another scan") from exc
        self.existing = self._load()
        others = self.existing.config_hashes - {self.config_hash}
        if others:
            self.handle.close()
            raise ResumeError(f"{self.path} holds records made with other options (config_hash "
                              f"{', '.join(sorted(others))}, this scan has {self.config_hash}); "
                              "use the same options or another --output")
        return self

    def __exit__(self, *exc_info) -> None:
        if self.handle is not None:
            self.handle.close()  # closing releases the lock

    def append(self, record: dict) -> None:
        """Write one record durably: it counts as done only once it is on disk."""
        self.handle.seek(0, os.SEEK_END)
        line = memoryview(to_line(record))
        while line:  # a raw write may be partial
            line = line[self.handle.write(line):]
        os.fsync(self.handle.fileno())
        self.existing.done.add(record["source"])

    def _load(self) -> Existing:
        """Read what is there line by line (outputs of millions of jobs do not fit in memory)."""
        existing = Existing()
        complete = 0  # offset just after the last newline
        with open(self.path, "rb") as reader:
            for line in reader:
                if not line.endswith(b"\n"):
                    existing.torn_bytes = len(line)  # a write cut short: only ever the last line
                    break
                complete += len(line)
                self._note(existing, line)
        if existing.torn_bytes:
            self.handle.truncate(complete)
            os.fsync(self.handle.fileno())
        return existing

    @staticmethod
    def _note(existing: Existing, line: bytes) -> None:
        if not line.strip():
            return
        try:
            record = json.loads(line)
            source = record["source"]
        except (ValueError, TypeError, KeyError):
            source = None
        if not isinstance(source, str):
            existing.bad_lines += 1
            return
        existing.records += 1
        existing.done.add(source)
        if isinstance(record.get("config_hash"), str) and record["config_hash"]:
            existing.config_hashes.add(record["config_hash"])


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class StreamResults:
    """``--output -``: the records on standard output, as they come, for a pipe
    (``shapetracer scan jobs/ -o - | jq ...``).  Nothing to resume from: every job is scanned."""

    def __init__(self, stream=None) -> None:
        import sys

        self.stream = stream or sys.stdout.buffer
        self.existing = Existing()

    def __enter__(self) -> "StreamResults":
        return self

    def __exit__(self, *exc_info) -> None:
        self.stream.flush()

    def append(self, record: dict) -> None:
        self.stream.write(to_line(record))
        self.stream.flush()
        self.existing.done.add(record["source"])


def results_for(output: str | os.PathLike, config_hash: str) -> "ResultsFile | StreamResults":
    """Where a scan's records go: ``-`` is standard output, anything else a resumable file."""
    return StreamResults() if os.fspath(output) == "-" else ResultsFile(output, config_hash)
