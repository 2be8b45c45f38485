"""Member names: which are refused, how they are shown, and which members we read.

Nothing is ever written to disk, so a member name is only a label; but it appears
in records and reports, and an archive whose names escape its root (``../``, ``/etc``)
is hostile whatever we do with it, so such members are refused and recorded.
"""

from __future__ import annotations

import re

from shapetracer.versions.pins import is_dependency_file

# Folders that hold installed or generated code, not the job's own scripts: a job that
# ships its virtualenv must not turn into a scan of site-packages.
SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", "__pycache__", "__pypackages__", ".venv", "venv", "env", ".tox", ".nox",
    ".eggs", "site-packages", "dist-packages", "node_modules", ".mypy_cache", ".ruff_cache",
    ".ipynb_checkpoints",
})
LOG_SUFFIXES = (".log", ".err", ".out", ".stderr", ".stdout")
LOG_WORDS = ("log", "stderr", "stdout", "error", "traceback", "output", "console")

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_DRIVE = re.compile(r"^[A-Za-z]:")


def label(raw: str | bytes) -> str:
    """A printable, valid-Unicode rendering of a name from an archive or a folder.

    Undecodable bytes arrive as lone surrogates (``surrogateescape``) or as bytes; they
    become ``\\xNN`` so the record is valid UTF-8 JSON.  Control characters are escaped
    so a name cannot rewrite the user's terminal.
    """
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    text = raw.decode("utf-8", "backslashreplace")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def check_name(raw: str) -> tuple[str, str | None]:
    """Return ``(normalised label, refusal reason or None)`` for a member name.

    Backslashes count as separators (zips made on Windows use them), so
    ``..\\..\\x`` is caught as a parent reference like ``../../x``.
    """
    shown = label(raw)
    if "\x00" in raw:
        return shown, "bad-name"
    name = raw.replace("\\", "/")
    if name.startswith("/") or _DRIVE.match(name):
        return shown, "absolute-path"
    parts = [part for part in name.split("/") if part not in ("", ".")]
    if ".." in parts:
        return shown, "parent-reference"
    if not parts:
        return shown, "bad-name"
    return label("/".join(parts)), None


def is_root(raw: str) -> bool:
    """Whether a member names the archive's own top folder (``./`` or ``.``): what
    ``tar -czf jobs.tgz -C jobdir .`` writes first.  Such a directory entry is ordinary,
    not a refused name."""
    return "\x00" not in raw and all(part in ("", ".") for part in raw.replace("\\", "/").split("/"))


def member_kind(name: str) -> str | None:
    """``"script"`` (``.py``, ``.ipynb``), ``"log"``, ``"dependencies"`` (requirements*.txt, pyproject.toml, ...: they
    tell the TensorFlow version) or ``None`` (not read) for a normalised member name."""
    parts = name.split("/")
    if any(part in SKIPPED_DIRS for part in parts[:-1]):
        return None
    base = parts[-1].lower()
    if base.endswith((".py", ".ipynb")):  # a notebook is read as the program its code cells make
        return "script"
    if is_dependency_file(parts[-1]):
        return "dependencies"
    if base.endswith(LOG_SUFFIXES):
        return "log"
    stem, dot, suffix = base.rpartition(".")
    if not dot:
        stem, suffix = base, ""
    if suffix in ("", "txt") and any(word in stem for word in LOG_WORDS):
        return "log"
    return None


def job_format(name: str) -> str | None:
    """The container format a job's file name says, or ``None`` when it is not a job."""
    lower = name.lower()
    for suffix, kind in ((".tar.gz", "tar.gz"), (".tgz", "tar.gz"), (".tar.bz2", "tar.bz2"),
                         (".tbz2", "tar.bz2"), (".tar.xz", "tar.xz"), (".txz", "tar.xz"),
                         (".tar", "tar"), (".zip", "zip")):
        if lower.endswith(suffix):
            return kind
    return None
