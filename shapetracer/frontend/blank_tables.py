'''Large literal tables read by CPython's parser instead of libcst's.

A tutorial's helper module may hold tens of thousands of numbers (a 53 KB table of digit
images).  libcst builds a node for every number, comma and space of it: 0.65 s, more than
the analysis of the script that imports it, where CPython's ``ast`` (already run to judge
the syntax) takes 0.05 s.  So before libcst parses such a module, each table of at
least ``MIN_NODES`` numbers is blanked: its text becomes a triple-quoted string of exactly
the same lines and columns (spaces where the numbers were, a marker after the opening
quotes), so every other node keeps its position.  The interpreter reads such a string as
the table (``ParsedSource.tables``), built from the ``ast`` nodes the way
``literals.template`` builds it from libcst's.

Imported modules are blanked, and checked files when no fix is wanted (``Options.keep_shapes``
off, as ``check`` runs without fixes): a fix renders the checked file's tree, which must then
be the file's own text.

>>> import ast
>>> text = "t = [[1, 2, 3, 4, 5],\\n     [6, 7, 8, 9, -1]]\\nu = [x, 1]\\n"
>>> blanked, tables = blank(text, ast.parse(text), min_nodes=3)
>>> [line.rstrip() for line in blanked.splitlines()]
['t = """<st-table-0>', '                   """', 'u = [x, 1]']
>>> [len(line) for line in blanked.splitlines()] == [len(line) for line in text.splitlines()]
True
>>> [table.tree for table in tables.values()]
[('list', [('list', [Const(1), Const(2), Const(3), Const(4), Const(5)]), ('list', [Const(6), Const(7), Const(8), Const(9), Const(-1)])])]
'''

from __future__ import annotations

import ast

from shapetracer.domain.values import Const
from shapetracer.frontend.literals import Table

# libcst spends about 25 microseconds on each number of a table (its node, its comma, the
# spaces around it): a file long enough to be walked has each table of 16 numbers or more
# read by ``ast`` instead (test_utils_box.py, 39 KB of small test tables: 130 -> 60 ms)
MIN_NODES = 16
MIN_TEXT = 16_000  # shorter files are not walked: the walk would cost more than it saves
MAX_NODES = 100_000  # larger tables are not read as tables at all (``expressions._MAX_SEQ``)
_MARK = "<st-table-"


def blank(text: str, tree: ast.Module, min_nodes: int = MIN_NODES) -> tuple[str, dict[str, Table]]:
    """``text`` with each large table blanked, and the table of each blank, keyed by the
    blank's text (the libcst string node's ``value``).  Unchanged when there is none."""
    if _MARK in text or "\r" in text.replace("\r\n", ""):  # lone carriage returns end lines for ``ast``
        return text, {}
    starts = _line_starts(text)
    found: list[tuple[int, int, Table]] = []  # (first, last) offsets of each table's text
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.List, ast.Tuple)):
            table = _table(node)
            if table is not None and table.nodes >= min_nodes:
                first = _offset(text, starts, node.lineno, node.col_offset)
                last = _offset(text, starts, node.end_lineno, node.end_col_offset)
                # a bare tuple is not an atom a string can stand for; ``ast`` places a
                # parenthesized tuple's span on its parentheses
                if text[first] + text[last - 1] in ("[]", "()"):
                    found.append((first, last, table))
                    continue
        if isinstance(node, ast.JoinedStr):
            continue  # f-string parts have no reliable positions
        stack.extend(ast.iter_child_nodes(node))
    if not found:
        return text, {}
    pieces, tables, end = [], {}, 0
    for first, last, table in sorted(found, key=lambda item: item[0]):
        blanked = _blanked(text[first:last], f"{_MARK}{len(tables)}>")
        if blanked is None:
            continue
        pieces += [text[end:first], blanked]
        tables[blanked] = table
        end = last
    pieces.append(text[end:])
    return "".join(pieces), tables


def _table(node: ast.expr) -> Table | None:
    """``literals.template`` over ``ast``: numbers only (a string's libcst value depends on
    how it is written, a number's does not), signs allowed, counted node for node."""
    count = 0

    def read(current: ast.expr):
        nonlocal count
        count += 1
        if count > MAX_NODES:
            return None
        if isinstance(current, ast.Constant):
            return _number(current)
        if isinstance(current, ast.UnaryOp) and isinstance(current.op, (ast.USub, ast.UAdd)) \
                and isinstance(current.operand, ast.Constant):
            number = _number(current.operand)
            if number is None:
                return None
            return Const(-number.value) if isinstance(current.op, ast.USub) else number
        if isinstance(current, (ast.List, ast.Tuple)):
            items = []
            for element in current.elts:
                item = read(element)
                if item is None:
                    return None  # also a *starred element
                items.append(item)
            return ("list" if isinstance(current, ast.List) else "tuple", items)
        return None

    found = read(node)
    return Table(found, count) if isinstance(found, tuple) else None


def _number(node: ast.Constant) -> Const | None:
    value = node.value
    if type(value) in (int, float):  # not bool, complex, str, bytes, None or ...
        return Const(value)
    return None


def _blanked(segment: str, mark: str) -> str | None:
    """The segment as a string literal of the same lines and columns, or None when its
    first or last line is too short to hold the quotes (and the marker)."""
    first_line = segment.split("\n", 1)[0].split("\r", 1)[0]
    last_line = segment.rsplit("\n", 1)[-1]
    one_line = first_line == segment
    if len(first_line) < 3 + len(mark) + (3 if one_line else 0) or len(last_line) < 3:
        return None
    body = "".join(char if char in "\r\n" else " " for char in segment)
    return '"""' + mark + body[3 + len(mark):-3] + '"""'


def _line_starts(text: str) -> list[int]:
    starts, at = [0], text.find("\n")
    while at != -1:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def _offset(text: str, starts: list[int], line: int, column: int) -> int:
    """The text offset of ``ast``'s (line, UTF-8 byte column)."""
    start = starts[line - 1]
    head = text[start:start + column]
    if head.isascii():
        return start + column
    line_text = text[start:starts[line] if line < len(starts) else len(text)]
    return start + len(line_text.encode("utf-8")[:column].decode("utf-8", "replace"))


__all__ = ["MIN_NODES", "MIN_TEXT", "blank"]
