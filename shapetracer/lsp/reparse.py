"""An edited file's syntax tree, re-using the statements of its previous tree that the
edit left alone: libcst parses a 500-line script in ~22 ms, most of an editor's wait that
is not the interpreter's, and a keystroke changes one or two statements.

The tree made is the one ``libcst.parse_module`` makes of the new text (node for node,
``deep_equals``), by this argument.  The text is cut after each top-level simple statement
line (``x = f(y)``), where CPython's tree of the new text says one ends.  After such a
line libcst's parser is at the top level with nothing open, and every blank or comment
line that follows belongs to the next statement (after a compound statement, an indented
block may own some: no cut is made there).  A piece of the new text between two cuts that
is, character for character, a piece of the previous text between two cuts (the first
piece with the module's header, the last with its footer, only as such) parses to the
same statements, so those are taken as they are; the other pieces are parsed, each run of
them as one small module whose leading lines go to its first statement.  What libcst
normalises against the whole file (an indented block's indentation when it is the file's
first; newlines) is required to be the same in every part, else the whole text is parsed.
Each statement object is used once in a tree: analyses key tables on node identity.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

import libcst as cst

from shapetracer.frontend.source import parse_accepted

_COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.AsyncFor, ast.While,
             ast.With, ast.AsyncWith, ast.Try, *((ast.TryStar,) if hasattr(ast, "TryStar") else ()),
             *((ast.Match,) if hasattr(ast, "Match") else ()))
_FALLBACK_INDENT = "    "  # libcst's default indentation of a file without indented blocks


@dataclass(frozen=True)
class _Piece:
    text: str
    statements: tuple[cst.BaseStatement, ...]


@dataclass(frozen=True)
class _Tree:
    """A parse and its pieces, for the next edit."""

    text: str
    module: cst.Module
    pieces: tuple[_Piece, ...]


class Reparser:
    """One file's parses in an editor session: ``parse(text, tree)`` is ``parse_module(text)``,
    made from the previous parse where the edit left statements alone.  ``reused`` and
    ``parsed`` count the statements of the last parse taken and parsed."""

    def __init__(self) -> None:
        self.last: _Tree | None = None
        self.reused = 0
        self.parsed = 0

    def parse(self, text: str, tree: ast.Module) -> cst.Module:
        cuts = _cuts(text, tree)
        made = None
        if cuts is not None and self.last is not None:
            try:
                made = _reparse(self.last, text, cuts)
            except Exception:  # a piece libcst refuses: the whole text decides
                made = None
        if made is not None:
            self.last, self.reused, self.parsed = made
            return self.last.module
        module = parse_accepted(text)
        self.last = _whole(text, module, cuts)
        self.reused, self.parsed = 0, len(module.body)
        return module


def _cuts(text: str, tree: ast.Module) -> list[int] | None:
    """Offsets in ``text`` just after each top-level simple statement line but the last
    statement (the last piece runs to the end, with the footer); None when the text is not
    one this module handles (carriage returns, no final newline)."""
    if "\r" in text or not text.endswith("\n") or not tree.body \
            or any(not isinstance(stmt, ast.stmt) or type(stmt).__name__ == "Match" for stmt in tree.body):
        return None  # a top-level match: its cases' indentation is not told apart here
    starts = [0]  # where each line starts, as CPython counts lines (not str.splitlines: \f, \x1c...)
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    body = tree.body
    cuts = []
    for stmt, following in zip(body, body[1:]):
        first_of_next = min([following.lineno, *(d.lineno for d in getattr(following, "decorator_list", ()))])
        if isinstance(stmt, _COMPOUND) or stmt.end_lineno >= first_of_next:
            continue  # an indented block may own lines after it; or a ';' joins them
        if stmt.end_lineno >= len(starts):
            return None
        cuts.append(starts[stmt.end_lineno])
    return cuts


def _pieces(text: str, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:])]


def _whole(text: str, module: cst.Module, cuts: list[int] | None) -> _Tree | None:
    """A full parse, split into its pieces for the next edit (None when they do not line up)."""
    if cuts is None:
        return None
    texts = _pieces(text, cuts)
    counts = _statement_counts(module.body, len(texts))
    if counts is None:
        return None
    pieces, at = [], 0
    for piece_text, count in zip(texts, counts):
        pieces.append(_Piece(piece_text, tuple(module.body[at:at + count])))
        at += count
    return _Tree(text, module, tuple(pieces))


def _statement_counts(statements, pieces: int) -> list[int] | None:
    """How many statements each piece holds: each piece but the last ends at a simple
    statement line, so they are split after the simple lines, in order."""
    counts, current = [], 0
    for stmt in statements:
        current += 1
        if isinstance(stmt, cst.SimpleStatementLine) and len(counts) < pieces - 1:
            counts.append(current)
            current = 0
    counts.append(current)
    return counts if len(counts) == pieces and all(counts) else None


def _reparse(last: _Tree, text: str, cuts: list[int]) -> tuple[_Tree, int, int] | None:
    texts = _pieces(text, cuts)
    old = last.pieces
    available: dict[tuple[bool, bool, str], list[int]] = {}
    for index, piece in enumerate(old):
        available.setdefault((index == 0, index == len(old) - 1, piece.text), []).append(index)
    matched: list[int | None] = []
    for index, piece_text in enumerate(texts):
        found = available.get((index == 0, index == len(texts) - 1, piece_text))
        matched.append(found.pop(0) if found else None)
    if all(m is None for m in matched):
        return None
    default_indent = last.module.default_indent
    statements: list[cst.BaseStatement] = []
    pieces: list[_Piece] = []
    header, footer = last.module.header, last.module.footer
    parsed = 0
    index = 0
    while index < len(texts):
        if matched[index] is not None:
            piece = old[matched[index]]
            statements += piece.statements
            pieces.append(piece)
            index += 1
            continue
        end = index
        while end < len(texts) and matched[end] is None:
            end += 1
        fragment = parse_accepted("".join(texts[index:end]))
        body = list(fragment.body)
        if not body or fragment.default_newline != "\n" or fragment.encoding != "utf-8":
            return None
        if _first_block(body) is not None and fragment.default_indent != default_indent:
            return None  # its blocks' indentation is normalised against another default
        if index == 0:
            header = fragment.header
        elif fragment.header:
            body[0] = body[0].with_changes(leading_lines=(*fragment.header, *body[0].leading_lines))
        if end == len(texts):
            footer = fragment.footer
        elif fragment.footer:
            return None
        counts = _statement_counts(body, end - index)
        if counts is None:
            return None
        at = 0
        for piece_text, count in zip(texts[index:end], counts):
            pieces.append(_Piece(piece_text, tuple(body[at:at + count])))
            at += count
        statements += body
        parsed += len(body)
        index = end
    first = _first_block(statements)
    if first is None:
        default_indent = _FALLBACK_INDENT
    elif first.indent is not None:
        return None  # the file's first block sets the default: it differs from the previous one
    module = last.module.with_changes(body=tuple(statements), header=header, footer=footer,
                                      default_indent=default_indent, has_trailing_newline=True)
    return _Tree(text, module, tuple(pieces)), len(statements) - parsed, parsed


def _first_block(statements) -> cst.IndentedBlock | None:
    """The first indented block of these top-level statements, in the order of the text."""
    for stmt in statements:
        found = _block_in(stmt)
        if found is not None:
            return found
    return None


def _block_in(node) -> cst.IndentedBlock | None:
    if isinstance(node, cst.IndentedBlock):
        return node
    if isinstance(node, cst.SimpleStatementLine) or node is None:
        return None
    for clause in _clauses(node):
        found = _block_in(clause)
        if found is not None:
            return found
    return None


def _clauses(node) -> list:
    """A compound statement's bodies and the clauses that follow it, in the order of the text."""
    out = [getattr(node, "body", None)]
    out += list(getattr(node, "handlers", ()))
    out += [getattr(node, "orelse", None), getattr(node, "finalbody", None)]
    return [c for c in out if c is not None and not isinstance(c, cst.SimpleStatementSuite)]
