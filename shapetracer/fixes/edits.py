"""Text edits: apply them, map lines across them, print them as a unified diff."""

from __future__ import annotations

import difflib
import re
from typing import Iterable, Sequence

from shapetracer.rules.findings import Edit


def _offsets(text: str) -> list[int]:
    """The offset of each line's first character (index 0 is line 1)."""
    starts = [0]
    for index, char in enumerate(text):
        if char == "\n":
            starts.append(index + 1)
    return starts


def offset(text: str, line: int, column: int, starts: list[int] | None = None) -> int:
    starts = starts if starts is not None else _offsets(text)
    line = min(max(line, 1), len(starts))
    return min(starts[line - 1] + column - 1, len(text))


def overlap(a: Sequence[Edit], b: Sequence[Edit]) -> bool:
    """Whether any edit of ``a`` touches the range of an edit of ``b`` (same file)."""
    for x in a:
        for y in b:
            if x.path == y.path and (x.line, x.column) <= (y.end_line, y.end_column) \
                    and (y.line, y.column) <= (x.end_line, x.end_column):
                return True
    return False


def apply(text: str, edits: Iterable[Edit]) -> str:
    """``text`` with ``edits`` made (they must not overlap; they may come in any order)."""
    starts = _offsets(text)
    spans = sorted(((offset(text, e.line, e.column, starts), offset(text, e.end_line, e.end_column, starts),
                     e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def line_map(edits: Iterable[Edit]):
    """A function from a line of the text before ``edits`` to its line after them (a line
    inside an edited range maps to the edit's first line)."""
    # (last line the edit touches, whether it only inserts before that line's text, line delta)
    shifts = [(e.end_line, (e.line, e.column) == (e.end_line, e.end_column) and e.column == 1,
               e.new_text.count("\n") - (e.end_line - e.line)) for e in edits]

    def mapped(line: int) -> int:
        return line + sum(delta for end, before, delta in shifts if end < line or (end == line and before))
    return mapped


_TOKEN = re.compile(r"\w+|[^\w\s]")


def size(edits: Iterable[Edit], text: str) -> int:
    """Tokens removed plus tokens inserted: the rank of a fix (smallest first).  Tokens, not
    characters, so that a name for a name (``N_OLD`` -> ``N_NEW``) weighs what a number
    for a number does."""
    starts = _offsets(text)
    total = 0
    for e in edits:
        removed = text[offset(text, e.line, e.column, starts):offset(text, e.end_line, e.end_column, starts)]
        total += len(_TOKEN.findall(removed)) + len(_TOKEN.findall(e.new_text))
    return total


def unified_diff(before: str, after: str, path: str) -> str:
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 fromfile=f"a/{path}", tofile=f"b/{path}")
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)
