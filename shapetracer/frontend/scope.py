"""A parsed module: its text, its globals, and positions computed on demand."""

from __future__ import annotations

import ast
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

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
    tree: ast.Module | None = None  # CPython's parse of the same text (first lines of statements)
    _positions: dict | None = None
    _statement_of: dict[int, int] | None = None
    _firsts: list[int] | None = None
    _statement_positions: dict[int, dict] = field(default_factory=dict)
    _lines: list[str] | None = None

    # -- Locator protocol (see constraints.dims.Origin) -------------------
    def position(self, node: object) -> tuple[int, int, int, int]:
        """1-based line/column of a node, computed on request, so files without
        findings never pay for positions.  Only the top-level statement that holds
        the node is laid out (libcst's PositionProvider lays out the whole file,
        tens of milliseconds); its first line comes from CPython's ``ast``."""
        if node is self.module:
            return (1, 1, 1, 1)  # whole-file notes need no positions
        code_range = self._statement_range(node)
        if code_range is None:
            if self._positions is None:
                wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
                self._positions = wrapper.resolve(PositionProvider)
            code_range = self._positions.get(node)
        if code_range is None:
            return (1, 1, 1, 1)
        return (code_range.start.line, code_range.start.column + 1,
                code_range.end.line, code_range.end.column + 1)

    def _statement_range(self, node: object) -> CodeRange | None:
        """The node's range, from a layout of its top-level statement alone."""
        firsts = self._first_lines()
        if firsts is None:
            return None
        index = self._statement_of.get(id(node))
        if index is None:
            return None
        ranges = self._statement_positions.get(index)
        if ranges is None:
            statement = self.module.body[index]
            alone = self.module.with_changes(body=[statement], header=(), footer=())
            laid_out = MetadataWrapper(alone, unsafe_skip_copy=True).resolve(PositionProvider)
            # line 1 of the layout is the statement's first leading (comment/blank) line
            shift = firsts[index] - (len(statement.leading_lines) + 1)
            ranges = self._statement_positions[index] = {"shift": shift, "ranges": laid_out}
        found = ranges["ranges"].get(node)
        if found is None:
            return None
        shift = ranges["shift"]
        return CodeRange(CodePosition(found.start.line + shift, found.start.column),
                         CodePosition(found.end.line + shift, found.end.column))

    def _first_lines(self) -> list[int] | None:
        """Each top-level libcst statement's first line (its first decorator's, for a
        decorated definition), read off the ast; None if the two parses disagree."""
        if self._statement_of is not None:
            return self._firsts
        self._statement_of, self._firsts = {}, None
        if self.tree is None:
            return None
        firsts: list[int] = []
        parsed = self.tree.body
        j = 0
        for statement in self.module.body:
            count = len(statement.body) if isinstance(statement, cst.SimpleStatementLine) else 1
            if j + count > len(parsed):
                return None
            first = parsed[j]
            decorators = getattr(first, "decorator_list", [])
            firsts.append(min([first.lineno] + [d.lineno for d in decorators]))
            j += count
        if j != len(parsed):
            return None
        for index, statement in enumerate(self.module.body):
            stack = [statement]
            while stack:
                current = stack.pop()
                self._statement_of[id(current)] = index
                stack.extend(child_nodes(current))
        self._firsts = firsts
        return firsts

    def snippet(self, line: int) -> str:
        if self._lines is None:
            self._lines = self.text.splitlines()
        if 1 <= line <= len(self._lines):
            return self._lines[line - 1].strip()
        return ""


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}


_LAYOUT_FIELDS = ("whitespace_before", "whitespace_after", "leading_lines", "lpar", "rpar")


def child_nodes(node: cst.CSTNode):
    """A node's children that hold code (not whitespace or parentheses), read from its
    dataclass fields: ``CSTNode.children`` runs a visitor per call, ten times slower."""
    names = _NODE_FIELDS.get(type(node))
    if names is None:
        names = _NODE_FIELDS[type(node)] = tuple(
            f.name for f in dataclasses.fields(node) if f.name not in _LAYOUT_FIELDS)
    for name in names:
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            yield value
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, cst.CSTNode):
                    yield item

