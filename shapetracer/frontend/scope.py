"""A parsed module: its text, its globals, and positions computed on demand."""

from __future__ import annotations

import ast
import bisect
import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from shapetracer.domain.values import Value


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
    tables: dict = field(default_factory=dict)  # blanked literal tables: ParsedSource.tables
    _positions: dict | None = None
    _statement_of: dict[int, int] | None = None
    _firsts: list[int] | None = None
    _statement_positions: dict[int, dict] = field(default_factory=dict)
    _line_of: dict[int, cst.SimpleStatementLine] = field(default_factory=dict)
    _header_of: dict[int, cst.CSTNode] = field(default_factory=dict)  # node -> innermost compound statement
    _line_starts: dict[int, tuple[int, int]] = field(default_factory=dict)
    _line_ends: dict[int, int] = field(default_factory=dict)  # statement line -> its last line
    _offsets: list[int] | None = None  # where each line starts in ``text``; [] when not usable
    _lines: list[str] | None = None
    _code_lines: list[str] | None = None
    # node -> the statement line the interpreter was running when it made a site at the node
    # (checked before use: a lambda's body runs later, from another line)
    _hints: dict[int, cst.SimpleStatementLine] = field(default_factory=dict)
    # node -> the ``with`` statement whose items the interpreter was evaluating then (its
    # header: checked by the layout, which holds the header's nodes only)
    _header_hints: dict[int, cst.CSTNode] = field(default_factory=dict)
    _members: dict[int, frozenset[int]] = field(default_factory=dict)  # statement line -> its nodes
    _starts_ready: bool = False
    _placed: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)  # node -> its position

    def hint(self, node: object, line: cst.SimpleStatementLine) -> None:
        """The interpreter was running ``line`` when it first made a site at ``node``: where
        the hint holds, the node's position needs its line alone, not a walk of the whole
        tree (a lambda's body, run later from another line, keeps its first hint; a wrong
        one is caught by ``_holds``)."""
        self._hints.setdefault(id(node), line)

    def made_on(self, node: object, line: object) -> bool:
        """Whether the first site at ``node`` was made while ``line`` ran (see ``hint``)."""
        return line is not None and self._hints.get(id(node)) is line

    def hint_header(self, node: object, statement: cst.CSTNode) -> None:
        """The interpreter was evaluating the header of ``statement`` (a ``with``'s items) when
        it first made a site at ``node``.  Such nodes have no statement line, and placing one
        used to walk the whole tree (``_first_lines``): 54 of the first 100 slowest published
        files did so, for a node of a ``with`` header."""
        self._header_hints.setdefault(id(node), statement)

    # -- Locator protocol (see domain.dims.Origin) -------------------
    def position(self, node: object) -> tuple[int, int, int, int]:
        """1-based line/column of a node, computed on request, so files without
        findings never pay for positions.  Only the top-level statement that holds
        the node is laid out (libcst's PositionProvider lays out the whole file,
        tens of milliseconds); its first line comes from CPython's ``ast``."""
        if node is self.module:
            return (1, 1, 1, 1)  # whole-file notes need no positions
        known = self._placed.get(id(node))
        if known is None:  # a site named by several findings (as a related line) is placed once
            known = self._placed[id(node)] = self._place(node)
        return known

    def _place(self, node: object) -> tuple[int, int, int, int]:
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
        """The node's range, from a layout of its statement line alone (at any depth),
        else of its top-level statement alone."""
        line = self._hints.get(id(node))
        if line is not None and self._holds(line, node):
            self._statement_lines()
            found = self._line_range(node, line)
            if found is not None:
                return found
        if self._statement_of is None:  # before a walk of the whole tree: is its text unique?
            found = self._searched(node, 1, len(self._line_offsets()) - 1)
            if found is not None:
                return found
        header = self._header_hints.get(id(node))
        if header is not None:
            self._statement_lines()
            found = self._header_range(node, header)
            if found is not None:
                return found
        firsts = self._first_lines()
        if firsts is None:
            return None
        line = self._line_of.get(id(node))
        if line is not None:
            found = self._line_range(node, line)
            if found is not None:
                return found
        header = self._header_of.get(id(node))
        if header is not None:
            found = self._header_range(node, header)
            if found is not None:
                return found
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
        return _shifted(ranges, node)

    def _holds(self, line: cst.SimpleStatementLine, node: object) -> bool:
        """Whether ``node`` is in the statement line (a walk of that line alone, kept)."""
        members = self._members.get(id(line))
        if members is None:
            found: set[int] = set()
            stack: list = [line]
            while stack:
                current = stack.pop()
                found.add(id(current))
                stack.extend(child_nodes(current))
            members = self._members[id(line)] = frozenset(found)
        return id(node) in members

    def _statement_lines(self) -> None:
        """First and last lines of every statement line, from a walk of the statements only."""
        if not self._starts_ready:
            self._starts_ready = True
            if self.tree is not None:
                self._line_starts = _read_statement_lines(self.module, self.tree, self._line_ends)

    def _line_range(self, node: object, line: cst.SimpleStatementLine) -> CodeRange | None:
        """Lay out one statement line alone, inside a block with its indentation (libcst
        indents continuation lines relative to the block); its first line comes from the ast."""
        start = self._line_starts.get(id(line))
        if start is None:
            return None
        row, indent = start
        found = self._searched(node, row, self._line_ends.get(id(line), row))
        if found is not None:
            return found
        key = -1 - id(line)  # beside the top-level indices in the same cache
        ranges = self._statement_positions.get(key)
        if ranges is None:
            ranges = self._lay_out_alone(key, line, line, row, indent)
            if ranges is None:
                return None
        return _shifted(ranges, node)

    def _searched(self, node: object, first: int, last: int) -> CodeRange | None:
        """An expression's range found by its own text, where that text occurs once in the
        lines ``first``..``last`` of its statement: libcst prints a node exactly as written,
        so the one occurrence is the node.  Laying the statement out costs a hundred times
        more; expressions in parentheses (the range leaves them out), items with their
        comma, and texts found twice go that way."""
        if not isinstance(node, cst.BaseExpression) or getattr(node, "lpar", None) or hasattr(node, "comma"):
            return None
        offsets = self._line_offsets()
        if not offsets or not 1 <= first <= last < len(offsets):
            return None
        code = self.module.code_for_node(node)
        if not code or "\r" in code:
            return None
        span = self.text[offsets[first - 1]:offsets[last]]
        at = span.find(code)
        if at < 0 or span.find(code, at + 1) >= 0:
            return None
        at += offsets[first - 1]
        line = bisect.bisect_right(offsets, at)
        column = at - offsets[line - 1]
        breaks = code.count("\n")
        end_column = column + len(code) if not breaks else len(code) - code.rfind("\n") - 1
        return CodeRange(CodePosition(line, column), CodePosition(line + breaks, end_column))

    def _line_offsets(self) -> list[int]:
        """Where each line starts in the text (lines as CPython counts them), and the text's
        end; empty when a lone carriage return ends a line (libcst counts those otherwise)."""
        if self._offsets is None:
            if re.search("\r(?!\n)", self.text):
                self._offsets = []
            else:
                self._offsets = [0] + [m.end() for m in re.finditer("\r\n|\n", self.text)] + [len(self.text) + 1]
        return self._offsets

    def _header_range(self, node: object, statement: cst.CSTNode) -> CodeRange | None:
        """A node in the header of a compound statement (a ``with`` item, a ``for`` iterable,
        a default value, a base class): lay out the statement with its bodies stubbed out,
        not the whole top-level statement around it (a class of hundreds of lines)."""
        if node is statement:
            return None  # its end is in the body
        start = self._line_starts.get(id(statement))
        if start is None:
            return None
        row, indent = start
        key = -1 - id(statement)
        ranges = self._statement_positions.get(key)
        if ranges is None:
            stub = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Pass()])])
            changes: dict = {"body": stub}
            if isinstance(statement, (cst.If, cst.For, cst.While)):
                changes["orelse"] = None
            ranges = self._lay_out_alone(key, statement.with_changes(**changes), statement, row, indent)
            if ranges is None:
                return None
        return _shifted(ranges, node)

    def _lay_out_alone(self, key: int, statement: cst.CSTNode, original: cst.CSTNode, row: int,
                       indent: int) -> dict | None:
        """Lay out ``statement`` as the only statement of a module, inside a block with the
        original indentation (libcst indents continuation lines relative to the block), and
        cache its positions with the shift back to ``row``; None where the indentation is not
        plain whitespace (this shortcut then gives up)."""
        if indent:
            whitespace = self._source_line(row)[:indent]
            if whitespace.strip():
                return None
            statement = cst.If(test=cst.Name("_"), body=cst.IndentedBlock(body=[statement], indent=whitespace))
        alone = self.module.with_changes(body=[statement], header=(), footer=())
        laid_out = MetadataWrapper(alone, unsafe_skip_copy=True).resolve(PositionProvider)
        first = len(original.leading_lines) + 1 + (1 if indent else 0)
        ranges = self._statement_positions[key] = {"shift": row - first, "ranges": laid_out}
        return ranges

    def _source_line(self, line: int) -> str:
        """Line ``line`` as CPython numbers lines (only \\n, \\r\\n and \\r end one)."""
        if self._code_lines is None:
            self._code_lines = re.split(r"\r\n|\r|\n", self.text)
        return self._code_lines[line - 1] if 1 <= line <= len(self._code_lines) else ""

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
        elifs: set[int] = set()
        for index, statement in enumerate(self.module.body):
            stack: list[tuple[cst.CSTNode, cst.SimpleStatementLine | None, cst.CSTNode | None]] = \
                [(statement, None, None)]
            while stack:
                current, line, header = stack.pop()
                role = _ROLES.get(type(current))
                if role is None:
                    role = _role(current)
                if role == _LINE:
                    line = current
                elif role == _HEADER:
                    header = None if id(current) in elifs else current
                    if type(current) is cst.If and type(current.orelse) is cst.If:
                        elifs.add(id(current.orelse))  # prints as "elif": it cannot be laid out alone
                elif role == _COMPOUND:
                    header = None  # try, match: laid out with their top-level statement
                key = id(current)
                self._statement_of[key] = index
                if line is not None:
                    self._line_of[key] = line
                elif header is not None:
                    self._header_of[key] = header
                stack.extend((child, line, header) for child in child_nodes(current))
        self._statement_lines()
        self._firsts = firsts
        return firsts

    def snippet(self, line: int) -> str:
        if self._lines is None:
            self._lines = self.text.splitlines()
        if 1 <= line <= len(self._lines):
            return self._lines[line - 1].strip()
        return ""


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}
# Compound statements whose header lays out alone once their bodies are stubbed out.
_HEADED = (cst.If, cst.For, cst.While, cst.With, cst.FunctionDef, cst.ClassDef)


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
        kind = _KINDS.get(type(value))
        if kind is None:
            kind = _kind(value)
        if kind == _NODE:
            yield value
        elif kind == _SEQUENCE:
            for item in value:
                if _KINDS.get(type(item)) == _NODE or _kind(item) == _NODE:
                    yield item


_LINE, _HEADER, _COMPOUND, _INNER = 1, 2, 3, 0
_ROLES: dict[type, int] = {}  # node type -> its role in the walk of ``_first_lines``


def _role(node: object) -> int:
    role = _LINE if isinstance(node, cst.SimpleStatementLine) else _HEADER if isinstance(node, _HEADED) \
        else _COMPOUND if isinstance(node, cst.BaseCompoundStatement) else _INNER
    _ROLES[type(node)] = role
    return role


_NODE, _SEQUENCE, _OTHER = 1, 2, 0
# type -> kind: ``isinstance(x, cst.CSTNode)`` is an ABC check, ten times a dict lookup, and
# the walks over whole trees (positions, loop bodies) make millions of them.
_KINDS: dict[type, int] = {}


def _kind(value: object) -> int:
    kind = _KINDS.get(type(value))
    if kind is None:
        kind = _KINDS[type(value)] = _NODE if isinstance(value, cst.CSTNode) else \
            _SEQUENCE if isinstance(value, (list, tuple)) else _OTHER
    return kind


def _read_statement_lines(module: cst.Module, tree: ast.Module, ends: dict[int, int]) -> dict[int, tuple[int, int]]:
    """id(statement line) -> (first line, indentation) for every SimpleStatementLine, by
    walking libcst's and CPython's statements in the same source order: a statement line
    holds ``len(body)`` ast statements, a compound statement one, and their bodies follow
    in the same order (body, handlers, else, finally).  Empty if the walks disagree.
    ``ends`` gets each statement line's last line."""
    lines = list(_cst_statements(module.body))
    parsed = list(_ast_statements(tree.body))
    starts: dict[int, tuple[int, int]] = {}
    j = 0
    for statement in lines:
        if isinstance(statement, cst.SimpleStatementLine):
            count = len(statement.body)
        elif isinstance(statement, cst.SimpleStatementSuite):
            count = len(statement.body)  # `if x: a = 1` — its small statements, not laid out alone
        else:
            count = 1
        if j + count > len(parsed):
            return {}
        first = parsed[j] if count else None
        if isinstance(statement, cst.SimpleStatementLine):
            last = parsed[j + count - 1]
            starts[id(statement)] = (first.lineno, first.col_offset)
            ends[id(statement)] = getattr(last, "end_lineno", None) or first.lineno
        elif isinstance(statement, _HEADED):
            decorators = getattr(first, "decorator_list", [])
            starts[id(statement)] = (min([first.lineno] + [d.lineno for d in decorators]), first.col_offset)
        j += count
    return starts if j == len(parsed) else {}


def _cst_statements(body):
    """libcst statements in source order, nested bodies after their header."""
    for statement in body:
        yield statement
        yield from _cst_nested(statement)


def _cst_nested(node):
    if isinstance(node, cst.SimpleStatementLine):
        return
    if isinstance(node, cst.If):
        yield from _cst_block(node.body)
        if isinstance(node.orelse, cst.If):
            yield node.orelse
            yield from _cst_nested(node.orelse)
        elif node.orelse is not None:
            yield from _cst_block(node.orelse.body)
        return
    if isinstance(node, (cst.Try, cst.TryStar)):
        yield from _cst_block(node.body)
        for handler in node.handlers:
            yield from _cst_block(handler.body)
        if node.orelse is not None:
            yield from _cst_block(node.orelse.body)
        if node.finalbody is not None:
            yield from _cst_block(node.finalbody.body)
        return
    if isinstance(node, cst.Match):
        for case in node.cases:
            yield from _cst_block(case.body)
        return
    body = getattr(node, "body", None)
    if body is not None:
        yield from _cst_block(body)
    orelse = getattr(node, "orelse", None)
    if orelse is not None:
        yield from _cst_block(orelse.body)


def _cst_block(block):
    if isinstance(block, cst.SimpleStatementSuite):
        yield block
    else:
        yield from _cst_statements(block.body)


def _ast_statements(body):
    for statement in body:
        yield statement
        if isinstance(statement, ast.Match):
            for case in statement.cases:
                yield from _ast_statements(case.body)
            continue
        yield from _ast_statements(getattr(statement, "body", []))
        for handler in getattr(statement, "handlers", []):
            yield from _ast_statements(handler.body)
        yield from _ast_statements(getattr(statement, "orelse", []))
        yield from _ast_statements(getattr(statement, "finalbody", []))


def _shifted(ranges: dict, node: object) -> CodeRange | None:
    """The node's range in a laid-out statement, moved to where that statement stands."""
    found = ranges["ranges"].get(node)
    if found is None:
        return None
    shift = ranges["shift"]
    return CodeRange(CodePosition(found.start.line + shift, found.start.column),
                     CodePosition(found.end.line + shift, found.end.column))
