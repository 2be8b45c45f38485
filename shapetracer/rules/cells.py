"""Where a finding sits in a notebook: the map from the joined text the engine analyses to
(cell, line within the cell).

Plain data, apart from the parser (``frontend.source`` makes the map): a result read back
from the cache carries one, and reading it must not import libcst.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CellSpan:
    """Lines ``first_line`` .. ``first_line + lines - 1`` of the joined text are notebook cell ``cell``."""

    cell: int  # 1-based among all cells, markdown included, as Jupyter, VS Code and ruff count
    first_line: int
    lines: int


@dataclass(frozen=True)
class CellMap:
    """The position map of a notebook: joined-text line <-> (cell, line within the cell).

    The engine analyses the joined text, so every pass works on lines of it; findings
    are placed into cells only when they leave the engine."""

    spans: tuple[CellSpan, ...]

    def locate(self, line: int) -> tuple[int, int]:
        """(cell, line in cell) of a joined-text line; a line before the first cell
        (the preamble) is put on the first cell's first line."""
        for span in reversed(self.spans):
            if line >= span.first_line:
                return span.cell, min(line - span.first_line + 1, span.lines)
        return (self.spans[0].cell, 1) if self.spans else (1, 1)

    def line_of(self, cell: int, line: int) -> int | None:
        """The joined-text line of ``line`` in ``cell`` (None when that cell has no code)."""
        for span in self.spans:
            if span.cell == cell:
                return span.first_line + line - 1 if 1 <= line <= span.lines else None
        return None
