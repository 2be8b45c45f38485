"""Fixes over files, for ``shapetracer check --fix / --diff / --show-fixes``."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from shapetracer.engine import FileResult, Options
from shapetracer.fixes import attach, fix_text
from shapetracer.fixes.edits import unified_diff


@dataclass
class FileFix:
    result: FileResult  # the findings to report: what is left after the fixes (with --fix)
    diff: str = ""
    applied: int = 0


def _fixable(result: FileResult, file: Path) -> bool:
    """Only Python files that were analysed and have findings are ever opened for writing:
    a clean file is never touched."""
    return result.status == "ok" and bool(result.findings) and file.suffix == ".py" and file.is_file()


def fix_file(result: FileResult, options: Options, *, unsafe: bool, write: bool, show: bool) -> FileFix:
    """Fix one checked file: (``write``) rewrite it with its fixes and report what is left,
    or (not ``write``) keep it and return the diff.  ``show``: the findings reported carry
    their own verified fixes."""
    file = Path(result.path)
    if not _fixable(result, file):
        return FileFix(result)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return FileFix(result)
    outcome = fix_text(text, result.path, file, options, unsafe=unsafe, result=result)
    if not outcome.changed:
        return FileFix(attach(result, text, file, options) if show else result)
    if write:
        _write(file, outcome.text)
        after = replace(result, findings=outcome.remaining)
        return FileFix(attach(after, outcome.text, file, options) if show else after, "", len(outcome.applied))
    return FileFix(attach(result, text, file, options) if show else result,
                   unified_diff(text, outcome.text, result.path), len(outcome.applied))


def show_fixes(result: FileResult, options: Options) -> FileResult:
    """``result`` with each finding's verified fixes (the file is read, never written)."""
    file = Path(result.path)
    if not _fixable(result, file):
        return result
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return result
    return attach(result, text, file, options)


def _write(file: Path, text: str) -> None:
    """Atomically: a temporary file beside it, then a rename (the mode is kept)."""
    mode = file.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, file)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
