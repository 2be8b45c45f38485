"""A candidate fix is offered only when the edited text, analysed again with the same
options, no longer has the finding and has no error or warning the original did not have."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
from pathlib import Path
from typing import Sequence

from shapetracer.domain.findings import Finding, Fix
from shapetracer.engine import FileResult, Options, check_source
from shapetracer.fixes.edits import apply, line_map

SHOWN = ("error", "warning")


def reanalyse(text: str, path: str, file: Path | None, options: Options) -> FileResult:
    return check_source(text.encode("utf-8"), path, file, options)


def strict(options: Options) -> Options:
    """The options fixes are verified with: the user's, plus ST201 ("fails for some values of
    the unknown dims").  A fix must not make an op fail for some batch sizes either: that is
    how a size changed in a graph with a None batch goes wrong at run time."""
    return options if options.possible_failures else dataclasses.replace(options, possible_failures=True)


_BASELINES: dict[tuple, list[Finding]] = {}


def baseline(text: str, path: str, file: Path | None, options: Options) -> list[Finding]:
    """The findings of the unfixed ``text`` under ``strict(options)`` (kept for the last few texts)."""
    key = (hashlib.sha256(text.encode("utf-8")).hexdigest(), path, str(file), repr(options))
    if key not in _BASELINES:
        if len(_BASELINES) > 8:
            _BASELINES.clear()
        _BASELINES[key] = reanalyse(text, path, file, strict(options)).findings
    return _BASELINES[key]


def verdict(fix: Fix, finding: Finding, before: Sequence[Finding], text: str, path: str,
            file: Path | None, options: Options) -> FileResult | None:
    """The analysis of the fixed text when ``fix`` removes ``finding`` and adds nothing; else None.

    ``before``: the findings of ``text`` under ``options``; the fixed text is analysed under
    ``strict(options)`` and compared with the unfixed text under the same."""
    fixed = apply(text, fix.edits)
    if fixed == text:
        return None
    try:
        ast.parse(fixed)
    except (SyntaxError, ValueError):
        return None
    result = reanalyse(fixed, path, file, strict(options))
    if result.status != "ok":
        return None
    mapped = line_map(fix.edits)
    before = [*before, *baseline(text, path, file, options)]
    known = {(f.code, mapped(f.line)) for f in before if f.path == path}
    target = (finding.code, mapped(finding.line))
    edited = _edited_lines(fix)
    for after in result.findings:
        key = (after.code, after.line)
        if key == target:
            return None  # the finding is still there
        if after.severity in SHOWN and key not in known and not _unmasked(after, edited, target[1]):
            return None  # something new went wrong
    return result


def _edited_lines(fix: Fix) -> set[int]:
    """The lines of the fixed text that the edits wrote (edits in the order they apply)."""
    lines: set[int] = set()
    shift = 0
    for edit in sorted(fix.edits, key=lambda e: (e.line, e.column)):
        start = edit.line + shift
        lines.update(range(start, start + edit.new_text.count("\n") + 1))
        shift += edit.new_text.count("\n") - (edit.end_line - edit.line)
    return lines


def _unmasked(finding: Finding, edited: set[int], fixed_line: int) -> bool:
    """Whether a finding the original did not have was hidden, not caused, by the fixed one.

    The analysis of a path ends at a definite error, so removing it lets the analysis reach
    code it never looked at.  A finding found there counts against the fix only when the
    fix took part in it: it sits on an edited line, or (for a shape finding) a line of its
    conflict was edited, or it comes before the fixed line.  A name the target lacks
    (ST4xx) or a plain Python bug (ST3xx) off the edited lines was there all along."""
    if finding.line in edited:
        return False
    if finding.rule.family in ("api", "python"):
        return True
    return finding.line > fixed_line and not any(r.line in edited for r in finding.related
                                                 if r.path == finding.path)
