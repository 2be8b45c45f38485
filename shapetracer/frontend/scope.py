"""A parsed module: its text, its globals, and positions computed on demand."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from shapetracer.frontend.values import Value


@dataclass(eq=False)
class ModuleScope:
    """One user module.  ``globals`` is filled as its top level executes."""

    path: str  # as shown to the user (relative where possible)
    file: Path | None
    text: str
    module: cst.Module
    name: str = "__main__"
    globals: dict[str, Value] = field(default_factory=dict)
    _positions: dict | None = None
    _lines: list[str] | None = None

    # -- Locator protocol (see constraints.dims.Origin) -------------------
    def position(self, node: object) -> tuple[int, int, int, int]:
        """1-based line/column of a node; the whole tree's positions are
        computed once, on the first request, so files without findings never
        pay for them."""
        if node is self.module:
            return (1, 1, 1, 1)  # whole-file notes need no positions
        if self._positions is None:
            wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
            self._positions = wrapper.resolve(PositionProvider)
        code_range = self._positions.get(node)
        if code_range is None:
            return (1, 1, 1, 1)
        return (code_range.start.line, code_range.start.column + 1,
                code_range.end.line, code_range.end.column + 1)

    def snippet(self, line: int) -> str:
        if self._lines is None:
            self._lines = self.text.splitlines()
        if 1 <= line <= len(self._lines):
            return self._lines[line - 1].strip()
        return ""
