"""Turning tool positions into our 1-based character columns.

Both pyflakes and pylint report ``ast`` column offsets, which count UTF-8 bytes from
the start of the line.  Findings count characters (as libcst, ruff and editors do),
so a line with non-ASCII text before the problem needs converting.
"""

from __future__ import annotations

import re

# The line breaks Python's tokenizer (and so ast line numbers) recognises; str.splitlines
# also splits on form feeds and other separators, which would shift line numbers.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class SourceLines:
    """The lines of one source text, for column conversion and snippets."""

    def __init__(self, text: str) -> None:
        self._lines = _LINE_BREAK.split(text)

    def text(self, line: int) -> str:
        if 1 <= line <= len(self._lines):
            return self._lines[line - 1]
        return ""

    def column(self, line: int, byte_offset: int | None) -> int:
        """1-based character column of a 0-based UTF-8 byte offset on ``line``."""
        if not byte_offset or byte_offset < 0:
            return 1
        raw = self.text(line).encode("utf-8")
        return len(raw[:byte_offset].decode("utf-8", errors="ignore")) + 1

    def snippet(self, line: int) -> str:
        return self.text(line).strip()

    def span(self, line: int, byte_col: int | None, end_line: int | None,
             end_byte_col: int | None) -> tuple[int, int, int, int]:
        """(line, column, end_line, end_column), 1-based, end exclusive.

        A missing or inverted end becomes a one-character span, so every finding has a
        non-empty range for formatters that underline it.
        """
        line = max(line, 1)
        column = self.column(line, byte_col)
        if end_line is None or end_byte_col is None or end_line < line:
            return line, column, line, column + 1
        end_column = self.column(end_line, end_byte_col)
        if end_line == line and end_column <= column:
            end_column = column + 1
        return line, column, end_line, end_column
