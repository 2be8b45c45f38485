"""Reading one job (folder, tar, zip) into memory, under caps, never extracting.

Why not ``extractall(filter="data")``: the extraction filters have had repeated
bypasses, and extraction is not needed at all.  We iterate members, refuse links,
devices and names that escape, and read only regular files that are scripts or logs,
through counters that enforce the caps on the bytes that actually come out of the
decompressor (never on header fields, which the archive's author controls).

Everything that goes wrong is data in the returned ``JobContents``: a corrupt or
hostile archive is a record, not an exception.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
import stat
import struct
import tarfile
import zipfile
import zlib
from collections import deque
from dataclasses import dataclass, field

from shapetracer.jobs.config import Caps
from shapetracer.jobs.names import check_name, is_root, job_format, label, member_kind

CHUNK = 64 * 1024
MAX_REFUSALS_KEPT = 100  # a record lists at most this many; the count is complete
# What a damaged container raises from the stdlib readers; each becomes "unreadable".
CORRUPT = (tarfile.TarError, zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError,
           ValueError, NotImplementedError, RuntimeError, IndexError, KeyError, OverflowError)


class CapExceeded(Exception):
    """The job as a whole went over a cap: stop reading it (status ``too_large``)."""


class MemberRefused(Exception):
    """One member went over a cap: refuse it and go on with the others."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason, self.detail = reason, detail


@dataclass
class Member:
    name: str
    kind: str  # "script" | "log" | "dependencies"
    data: bytes
    size: int  # bytes that came out of the archive (logs keep only a head and a tail)
    truncated: bool = False


@dataclass
class Refusal:
    name: str
    reason: str  # absolute-path, parent-reference, bad-name, symlink, hardlink, device, fifo, ...
    detail: str = ""

    def to_dict(self) -> dict:
        return {"name": self.name, "reason": self.reason, "detail": self.detail}


@dataclass
class JobContents:
    format: str  # folder | tar | tar.gz | tar.bz2 | tar.xz | zip | unknown
    members: dict[str, Member] = field(default_factory=dict)
    refused: list[Refusal] = field(default_factory=list)
    refused_total: int = 0
    member_count: int = 0
    bytes_read: int = 0
    problem: str | None = None  # "unreadable" | "too_large": the reading stopped early or lost data
    error: str | None = None
    # every member's name, read or not (data files, folders, links): what the job's working
    # folder holds, for the file check (ST502); names refused as hostile are not in it
    names: list[str] = field(default_factory=list)

    def refuse(self, name: str, reason: str, detail: str = "") -> None:
        self.refused_total += 1
        if len(self.refused) < MAX_REFUSALS_KEPT:
            self.refused.append(Refusal(name, reason, detail))

    def fail(self, problem: str, error: str) -> None:
        """Keep the first problem: it is the cause, later ones are consequences."""
        if self.problem is None:
            self.problem, self.error = problem, error

    def of_kind(self, kind: str) -> list[Member]:
        return [m for name, m in sorted(self.members.items()) if m.kind == kind]


def read_job(path: str, caps: Caps) -> JobContents:
    """Read one job's scripts and logs; never raises for bad input."""
    if os.path.isdir(path):
        return _read_folder(path, caps)
    kind = job_format(os.path.basename(path))
    if kind == "zip":
        return _read_zip(path, caps)
    if kind is not None:
        return _read_tar(path, caps)
    contents = JobContents("unknown")
    contents.fail("unreadable", "not a folder, a tar or a zip archive")
    return contents


def _archive_error(exc: BaseException) -> str:
    """A file we cannot open is not a corrupt one: say which it is."""
    if isinstance(exc, OSError) and exc.errno is not None:
        return "cannot read the archive: " + describe(exc)
    return "corrupt archive: " + describe(exc)


def describe(exc: BaseException) -> str:
    text = label(f"{type(exc).__name__}: {exc}")
    return text if len(text) <= 300 else text[:297] + "..."


# ---------------------------------------------------------------- reading one member

class _Budget:
    """The job-wide count of decompressed bytes."""

    def __init__(self, contents: JobContents, caps: Caps):
        self.contents, self.caps = contents, caps

    def add(self, count: int) -> None:
        self.contents.bytes_read += count
        if self.contents.bytes_read > self.caps.max_total_bytes:
            raise CapExceeded(f"more than {self.caps.max_total_bytes} bytes decompressed; the rest was not read")


def read_member(stream, kind: str, caps: Caps, budget: _Budget | None,
                compressed_size: int | None = None) -> tuple[bytes, int, bool]:
    """Read a member with counters: ``(data, size, truncated)``.

    Scripts are kept whole up to their cap; logs keep a head and a tail (the traceback
    is at the end).  ``budget`` is None when the caller counts the whole stream
    itself (tar).  ``compressed_size`` enables the per-member ratio check (zip).
    """
    head, tail, tail_len, size = bytearray(), deque(), 0, 0
    while True:
        chunk = stream.read(CHUNK)
        if not chunk:
            break
        size += len(chunk)
        if budget is not None:
            budget.add(len(chunk))
        if compressed_size is not None and size > caps.ratio_floor \
                and size > caps.max_ratio * max(compressed_size, 1):
            raise MemberRefused("compression-ratio",
                                f"expands more than {caps.max_ratio:g}:1 (a decompression bomb?)")
        if kind == "script":
            if size > caps.max_script_bytes:
                raise MemberRefused("too-large", f"script larger than {caps.max_script_bytes} bytes")
            head += chunk
            continue
        room = caps.log_head_bytes - len(head)
        if room > 0:
            head += chunk[:room]
            chunk = chunk[room:]
        if chunk:
            tail.append(chunk)
            tail_len += len(chunk)
            while tail_len - len(tail[0]) >= caps.log_tail_bytes:
                tail_len -= len(tail.popleft())
    kept = b"".join(tail)
    truncated = len(head) + len(kept) < size
    if len(kept) > caps.log_tail_bytes:
        kept, truncated = kept[-caps.log_tail_bytes:], True
    if truncated:
        return bytes(head) + b"\n[... log truncated by shapetracer ...]\n" + kept, size, True
    return bytes(head) + kept, size, False


def _keep(contents: JobContents, name: str, kind: str, read) -> None:
    """Run one member read, turning a per-member refusal into a record entry."""
    try:
        data, size, truncated = read()
    except MemberRefused as refusal:
        contents.refuse(name, refusal.reason, refusal.detail)
        return
    contents.members[name] = Member(name, kind, data, size, truncated)


def _counted(contents: JobContents, caps: Caps) -> bool:
    """Count one more member; False (and ``too_large``) past the member cap."""
    contents.member_count += 1
    if contents.member_count > caps.max_members:
        contents.fail("too_large", f"more than {caps.max_members} members; the rest was not read")
        return False
    return True


# ---------------------------------------------------------------- folders

def _read_folder(root: str, caps: Caps) -> JobContents:
    """Walk without following links; refuse links and special files found inside."""
    contents = JobContents("folder")
    budget = _Budget(contents, caps)
    errors: list[OSError] = []
    try:
        for dirpath, dirnames, filenames in os.walk(root, followlinks=False, onerror=errors.append):
            relative_dir = os.path.relpath(dirpath, root)
            for entry in sorted(dirnames):
                relative = _join(relative_dir, entry)
                contents.names.append(label(relative))
                if os.path.islink(os.path.join(dirpath, entry)):
                    contents.refuse(label(relative), "symlink", _link_target(os.path.join(dirpath, entry)))
                    dirnames.remove(entry)
                elif not _counted(contents, caps):
                    return contents
            dirnames.sort()
            for entry in sorted(filenames):
                if not _counted(contents, caps):
                    return contents
                _read_folder_file(contents, caps, budget, os.path.join(dirpath, entry),
                                  _join(relative_dir, entry))
    except CapExceeded as exc:
        contents.fail("too_large", str(exc))
    for error in errors:
        contents.fail("unreadable", describe(error))
    return contents


def _join(directory: str, name: str) -> str:
    return name if directory == "." else f"{directory}/{name}"


def _link_target(path: str) -> str:
    try:
        return "-> " + label(os.readlink(path))
    except OSError:
        return ""


def _read_folder_file(contents: JobContents, caps: Caps, budget: _Budget, path: str, relative: str) -> None:
    name = label(relative)
    contents.names.append(name)
    try:
        info = os.lstat(path)
    except OSError as exc:
        contents.fail("unreadable", f"{name}: {describe(exc)}")
        return
    special = _special_kind(info.st_mode)
    if special is not None:
        detail = _link_target(path) if special == "symlink" else ""
        contents.refuse(name, special, detail)
        return
    kind = member_kind(name)
    if kind is None:
        return
    try:
        # O_NOFOLLOW|O_NONBLOCK: a file swapped for a link or a FIFO after lstat is
        # refused instead of followed or blocking forever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        contents.fail("unreadable", f"{name}: {describe(exc)}")
        return
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            contents.refuse(name, "special-file")
            return
        try:
            _keep(contents, name, kind, lambda: read_member(handle, kind, caps, budget))
        except OSError as exc:
            contents.fail("unreadable", f"{name}: {describe(exc)}")


def _special_kind(mode: int) -> str | None:
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISLNK(mode):
        return "symlink"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "fifo"
    return "special-file"


# ---------------------------------------------------------------- tar

class _CountedStream:
    """The decompressed tar stream, counted against the total and the ratio caps."""

    def __init__(self, inner, raw, budget: _Budget, caps: Caps, compressed: bool):
        self.inner, self.raw, self.budget, self.caps, self.compressed = inner, raw, budget, caps, compressed
        self.seen = 0

    def read(self, size: int = -1) -> bytes:
        # Never more than a chunk per call: a header claiming gigabytes must meet the
        # counter before it meets memory.
        data = self.inner.read(CHUNK if size is None or size < 0 else min(size, CHUNK))
        self.seen += len(data)
        self.budget.add(len(data))
        if self.compressed and self.seen > self.caps.ratio_floor:
            consumed = max(self.raw.tell(), 1)
            if self.seen > self.caps.max_ratio * consumed:
                raise CapExceeded(f"the archive expands more than {self.caps.max_ratio:g}:1 "
                                  "(a decompression bomb?); the rest was not read")
        return data


def _decompressor(raw) -> tuple[object, str]:
    """Pick the decompressor from the magic bytes, not from the name (names lie)."""
    magic = raw.read(6)
    raw.seek(0)
    if magic.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=raw, mode="rb"), "tar.gz"
    if magic.startswith(b"BZh"):
        return bz2.BZ2File(raw, mode="rb"), "tar.bz2"
    if magic.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMAFile(raw, mode="rb"), "tar.xz"
    return raw, "tar"


def _read_tar(path: str, caps: Caps) -> JobContents:
    contents = JobContents("tar")
    budget = _Budget(contents, caps)
    try:
        with open(path, "rb") as raw:
            inner, contents.format = _decompressor(raw)
            stream = _CountedStream(inner, raw, budget, caps, inner is not raw)
            # "r|": a forward-only stream; nothing seeks back into attacker-sized data.
            with tarfile.open(fileobj=stream, mode="r|", errorlevel=2) as archive:
                for info in archive:
                    if not _counted(contents, caps):
                        break
                    _tar_member(contents, caps, archive, info)
    except CapExceeded as exc:
        contents.fail("too_large", str(exc))
    except CORRUPT as exc:
        contents.fail("unreadable", _archive_error(exc))
    return contents


def _tar_member(contents: JobContents, caps: Caps, archive: tarfile.TarFile, info: tarfile.TarInfo) -> None:
    if info.isdir() and is_root(info.name):
        return
    name, reason = check_name(info.name)
    if reason is not None:
        contents.refuse(name, reason)
        return
    contents.names.append(name)
    if info.isdir():
        return
    if info.issym() or info.islnk():
        contents.refuse(name, "symlink" if info.issym() else "hardlink", "-> " + label(info.linkname))
        return
    if info.ischr() or info.isblk():
        contents.refuse(name, "device")
        return
    if info.isfifo():
        contents.refuse(name, "fifo")
        return
    if not info.isreg():
        contents.refuse(name, "special-file", f"tar type {info.type!r}")
        return
    kind = member_kind(name)
    if kind is None:
        return
    handle = archive.extractfile(info)
    if handle is not None:
        _keep(contents, name, kind, lambda: read_member(handle, kind, caps, None))


# ---------------------------------------------------------------- zip

def _read_zip(path: str, caps: Caps) -> JobContents:
    contents = JobContents("zip")
    budget = _Budget(contents, caps)
    try:
        with open(path, "rb") as raw:
            problem = _zip_directory_too_large(raw, caps)
            if problem is not None:
                contents.fail("too_large", problem)
                return contents
            with zipfile.ZipFile(raw) as archive:
                for info in archive.infolist():
                    if not _counted(contents, caps):
                        break
                    _zip_member(contents, caps, budget, archive, info)
    except CapExceeded as exc:
        contents.fail("too_large", str(exc))
    except CORRUPT as exc:
        contents.fail("unreadable", _archive_error(exc))
    return contents


def _zip_directory_too_large(raw, caps: Caps) -> str | None:
    """Check the end record before ``ZipFile`` parses the central directory.

    ``ZipFile`` builds every entry in memory up front, so a directory of millions of
    entries would cost gigabytes before the member cap could say no.  Its size and
    count come from the end record; bounding both bounds that parse.
    """
    end_record = getattr(zipfile, "_EndRecData", None)
    if end_record is None:
        return None
    try:
        record = end_record(raw)
    except (OSError, ValueError, struct.error):
        return None  # let ZipFile report the damage
    if not record:
        return None
    entries, size = record[zipfile._ECD_ENTRIES_TOTAL], record[zipfile._ECD_SIZE]
    if entries > caps.max_members or size > caps.max_members * 1024:
        return f"the zip directory lists {entries} members in {size} bytes (cap: {caps.max_members} members)"
    return None


def _zip_member(contents: JobContents, caps: Caps, budget: _Budget, archive: zipfile.ZipFile,
                info: zipfile.ZipInfo) -> None:
    if info.is_dir() and is_root(info.filename):
        return
    name, reason = check_name(info.filename)
    if reason is not None:
        contents.refuse(name, reason)
        return
    contents.names.append(name)
    mode = info.external_attr >> 16
    special = _special_kind(mode) if stat.S_IFMT(mode) else None
    if special is not None:
        contents.refuse(name, special)
        return
    if info.is_dir():
        return
    if info.flag_bits & 0x1:
        contents.refuse(name, "encrypted")
        return
    kind = member_kind(name)
    if kind is None:
        return
    try:
        with archive.open(info) as handle:
            _keep(contents, name, kind, lambda: read_member(handle, kind, caps, budget, info.compress_size))
    except CapExceeded:
        raise
    except CORRUPT as exc:
        # One damaged member loses data (unreadable) but the others are still read.
        contents.refuse(name, "corrupt", describe(exc))
        contents.fail("unreadable", f"{name}: " + describe(exc))
