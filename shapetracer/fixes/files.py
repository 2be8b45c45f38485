"""Fixes over files, for ``shapetracer check --fix / --diff / --show-fixes``."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from shapetracer.engine import FileResult, Options, check_file
from shapetracer.fixes import attach, fix_text, sources
from shapetracer.fixes.edits import unified_diff


@dataclass
class FileFix:
    result: FileResult  # the findings to report: what is left after the fixes (with --fix)
    diff: str = ""
    applied: int = 0


def _fixable(result: FileResult, file: Path) -> bool:
    """Only Python files and notebooks that were analysed and have findings are ever opened
    for writing: a clean file is never touched."""
    return result.status == "ok" and bool(result.findings) and file.suffix in (".py", ".ipynb") and file.is_file()


def _source(result: FileResult, file: Path) -> sources.PythonSource | sources.NotebookSource | None:
    source = sources.read(file, result.path)
    return source if isinstance(source, (sources.PythonSource, sources.NotebookSource)) else None


def _program(result: FileResult, source) -> tuple[FileResult, str]:
    """The check's result as the fixes see it: a notebook's findings on lines of its joined
    cells, under the path that program is analysed by."""
    if isinstance(source, sources.NotebookSource):
        return replace(result, path=source.program_path, findings=source.in_text(result.findings),
                       cells=None), source.program_path
    return result, result.path


def _shown(result: FileResult, fixed: FileResult, source) -> FileResult:
    """The findings with their fixes, back in the file's own places (a notebook's cells)."""
    if not isinstance(source, sources.NotebookSource):
        return fixed
    by_place = {(f.code, f.message, source.cells.line_of(f.cell, f.line)): f for f in result.findings
                if f.cell is not None}
    back = []
    for finding in fixed.findings:
        original = by_place.get((finding.code, finding.message, finding.line))
        if original is not None:
            back.append(replace(original, fixes=tuple(_fix_in_cells(fix, source) for fix in finding.fixes)))
    others = [f for f in result.findings if f.cell is None]
    return replace(result, findings=sorted(back + others, key=lambda f: f.sort_key()))


def _fix_in_cells(fix, source):
    """A fix of the joined program, its edits placed in the notebook's cells."""
    edits = []
    for edit in fix.edits:
        cell, line = source.cells.locate(edit.line)
        end_cell, end_line = source.cells.locate(edit.end_line)
        edits.append(replace(edit, path=source.path, line=line, end_line=end_line if end_cell == cell else line,
                             cell=cell))
    return replace(fix, edits=tuple(edits))


def fix_file(result: FileResult, options: Options, *, unsafe: bool, write: bool, show: bool) -> FileFix:
    """Fix one checked file: (``write``) rewrite it with its fixes and report what is left,
    or (not ``write``) keep it and return the diff.  ``show``: the findings reported carry
    their own verified fixes."""
    file = Path(result.path)
    source = _source(result, file) if _fixable(result, file) else None
    if source is None:
        return FileFix(result)
    program, path = _program(result, source)
    text = source.text
    outcome = fix_text(text, path, file, options, unsafe=unsafe, result=program)
    if not outcome.changed:
        return FileFix(_shown(result, attach(program, text, file, options), source) if show else result)
    try:
        data = source.render(outcome.text)
    except sources.Unwritable:
        return FileFix(result)
    if write:
        _write(file, data)
        if isinstance(source, sources.NotebookSource):  # what is left, placed in the cells again
            after = check_file(file, options)
            after = show_fixes(after, options) if show else after
        else:
            after = replace(result, findings=outcome.remaining)
            after = attach(after, outcome.text, file, options) if show else after
        return FileFix(after, "", len(outcome.applied))
    before = file.read_bytes()
    diff = unified_diff(_decoded(before, source), _decoded(data, source), result.path)
    return FileFix(_shown(result, attach(program, text, file, options), source) if show else result,
                   diff, len(outcome.applied))


def _decoded(data: bytes, source) -> str:
    encoding = source.encoding if isinstance(source, sources.PythonSource) else "utf-8-sig"
    text = data.decode(encoding)
    return text[1:] if text.startswith("\ufeff") else text


def show_fixes(result: FileResult, options: Options) -> FileResult:
    """``result`` with each finding's verified fixes (the file is read, never written)."""
    file = Path(result.path)
    source = _source(result, file) if _fixable(result, file) else None
    if source is None:
        return result
    program, _ = _program(result, source)
    return _shown(result, attach(program, source.text, file, options), source)


def _write(file: Path, data: bytes) -> None:
    """Atomically: a temporary file beside it, then a rename (the mode is kept)."""
    mode = file.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, file)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
