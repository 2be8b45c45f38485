"""Reading a file into a libcst module, with every way that can fail made a finding.

Bad input never raises out of here: bytes that are not text, Python 2 source,
syntax errors and absurd nesting all come back as a ``SourceProblem`` that the
engine turns into an ST0xx finding.
"""

from __future__ import annotations

from shapetracer.rules import codes
from shapetracer.rules.message import Message
import ast
import io
import re
import warnings
import threading
import tokenize
from collections import OrderedDict
from typing import Callable
from pathlib import Path
from dataclasses import dataclass, field

import libcst as cst
from libcst._nodes.base import CSTNode

from shapetracer.project import syntax
from shapetracer.rules.cells import CellMap, CellSpan  # noqa: F401 - where the readers of a parse import them

MAX_BYTES = 64 * 1024 * 1024  # beyond this, not even CPython's parser is run
# libcst builds a Python object per node (about 1 ms per line on a loaded 2-core
# machine); past this size the shape pass is skipped with a note, pyflakes still runs.
MAX_SHAPE_BYTES = 1024 * 1024
_MIN_BLANKED_TEXT = 16_000  # blank_tables.MIN_TEXT, known here so a short file does not import it (a test holds them equal)

_PY2_PRINT = re.compile(r"^\s*print\s+(?![\s(=]|$)[\"'\w]", re.MULTILINE)
_PY2_EXCEPT = re.compile(r"^\s*except\s+[\w.]+\s*,\s*\w+\s*:", re.MULTILINE)
_PY2_EXEC = re.compile(r"^\s*exec\s+[\"'\w]", re.MULTILINE)


_TOO_DEEP = Message("expression nesting too deep to parse")


@dataclass
class SourceProblem:
    code: str  # ST001 / ST002 / ST003 / ST004
    message: Message
    line: int = 1
    column: int = 1


@dataclass
class ParsedSource:
    text: str
    module: cst.Module | None  # None when the file is too large for the shape pass
    tree: ast.Module  # CPython's own parse: the judge of validity, reused by pyflakes
    # large literal tables, blanked in ``module`` (frontend/blank_tables.py): text -> Table
    tables: dict = field(default_factory=dict)


def is_notebook(path: str) -> bool:
    return path.lower().endswith(".ipynb")


def decode(data: bytes) -> str | SourceProblem:
    """Decode by PEP 263 rules (BOM, coding cookie, else UTF-8)."""
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        return SourceProblem(codes.UNREADABLE_FILE, Message("source contains a NUL byte; Python refuses to compile it"),
                             line)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        return SourceProblem(codes.UNREADABLE_FILE, Message("bad coding declaration: {detail}", detail=str(exc)))
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        line = 1
        if isinstance(exc, UnicodeDecodeError):
            line = data[: exc.start].count(b"\n") + 1
        return SourceProblem(codes.UNREADABLE_FILE, Message("cannot decode the file as {encoding}: {detail}",
                                                            encoding=encoding, detail=str(exc)), line)
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def encode(text: str) -> bytes:
    """``text`` as the bytes of a file holding it: encoded as its own coding cookie says
    (so that ``decode`` gives it back, columns and all), else as UTF-8."""
    head = "".join(text.splitlines(keepends=True)[:2]).encode("ascii", "replace")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(head).readline)
        return text.encode(encoding)
    except (SyntaxError, LookupError, UnicodeEncodeError):
        return text.encode("utf-8", "surrogatepass")


def parse(text: str, with_cst: bool = True, blank: bool = False,
          cst_parser: Callable[[str, ast.Module], cst.Module] | None = None,
          tree: ast.Module | None = None) -> ParsedSource | SourceProblem:
    """Parse Python 3 source; Python 2 idioms are told apart from other syntax errors.

    CPython's parser decides what is valid (libcst accepts a few Python 2 forms);
    libcst then gives the tree the interpreter walks.  ``blank``: large literal tables are
    left to CPython's parse (blank_tables.py).  ``cst_parser(text, tree)``: makes libcst's
    tree of a text without blanked tables as ``parse_accepted`` does (an editor's, from
    the tree of the text before an edit: ``lsp.reparse``).  ``tree``: CPython's tree of the
    text, when the caller has it (``project.syntax``).
    """
    try:
        if tree is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(text)
    except SyntaxError as exc:
        return _syntax_problem(text, exc.lineno or 1, (exc.offset or 1) - 1, exc.msg or "invalid syntax")
    except (RecursionError, MemoryError):
        return SourceProblem(codes.TOO_COMPLEX, _TOO_DEEP)
    except ValueError as exc:
        return SourceProblem(codes.UNREADABLE_FILE, Message("cannot compile: {detail}", detail=str(exc)))
    if not with_cst:
        return ParsedSource(text, None, tree)
    if blank and len(text) >= _MIN_BLANKED_TEXT:
        from shapetracer.frontend import blank_tables  # tables' values: only a file long enough to hold one

        blanked, tables = blank_tables.blank(text, tree)
        if tables:
            try:
                return ParsedSource(text, parse_accepted(blanked), tree, tables)
            except Exception:  # not expected (a string stands where a bracketed display stood):
                pass  # should libcst refuse the blanked text, the file's own text is parsed
    try:
        module = cst_parser(text, tree) if cst_parser is not None else parse_accepted(text)
    except cst.ParserSyntaxError as exc:
        return _syntax_problem(text, exc.raw_line, exc.raw_column, exc.message)
    except RecursionError:
        return SourceProblem(codes.TOO_COMPLEX, _TOO_DEEP)
    except Exception as exc:  # libcst's native parser reports odd input in several ways
        return SourceProblem(codes.SYNTAX_ERROR, Message("cannot parse: {detail}",
                                                         detail=(str(exc).splitlines() or [""])[0]))
    return ParsedSource(text, module, tree)


_VALIDATION_LOCK = threading.Lock()
_VALIDATE = CSTNode.__post_init__


def _not_validated(node: CSTNode) -> None:
    pass


def parse_accepted(text: str) -> cst.Module:
    """libcst's tree of source CPython's parser has just accepted, without libcst's check of
    each node as it is built (``CSTNode.__post_init__``): that check guards trees put together
    by hand, the native parser only builds valid ones, and it is a tenth of a parse (libcst
    itself notes it could be skipped when parsing).  Nodes built meanwhile elsewhere (another
    thread's edits) go unchecked for that while, which changes nothing for valid nodes."""
    with _VALIDATION_LOCK:
        CSTNode.__post_init__ = _not_validated
        try:
            return cst.parse_module(text)
        finally:
            CSTNode.__post_init__ = _VALIDATE


def _syntax_problem(text: str, line: int, column: int, message: str) -> SourceProblem:
    for pattern, what in ((_PY2_PRINT, "print statement"), (_PY2_EXCEPT, "'except X, e' clause"),
                          (_PY2_EXEC, "exec statement")):
        match = pattern.search(text)
        if match:
            py2_line = text.count("\n", 0, match.start()) + 1
            return SourceProblem(codes.PYTHON2_SOURCE, Message("Python 2 source ({construct}); Python 3 raises "
                                                               "SyntaxError", construct=what), py2_line)
    first = message.strip().splitlines()[0] if message.strip() else "invalid syntax"
    return SourceProblem(codes.SYNTAX_ERROR, Message("SyntaxError: {detail}", detail=first), line, column + 1)


def read_and_parse(data: bytes, blank: bool = False,
                   cst_parser: Callable[[str, ast.Module], cst.Module] | None = None,
                   with_cst: bool = True) -> ParsedSource | SourceProblem:
    """``with_cst``: False when only CPython's tree and the text are wanted (no libcst parse, most of
    the cost)."""
    if len(data) > MAX_BYTES:
        return SourceProblem(codes.TOO_COMPLEX, Message("file is {size} bytes; the analysis bound is {bound}",
                                                        size=len(data), bound=MAX_BYTES))
    text = decode(data)
    if isinstance(text, SourceProblem):
        return text
    # CPython's tree of these bytes, shared with the project model's read of them
    shared = syntax.shared_text(data, text)
    tree = syntax.recall(data) if shared else None
    parsed = parse(text, with_cst=with_cst and len(data) <= MAX_SHAPE_BYTES, blank=blank, cst_parser=cst_parser,
                   tree=tree)
    if shared and tree is None and isinstance(parsed, ParsedSource):
        syntax.remember(data, parsed.tree)
    return parsed


# Parses of user files, most recent last: the files of one folder import the same helpers (a
# tutorial's ten scripts each import its 500-line plotting module), a project's modules are
# checked as files and imported by its scripts, and a parse costs more than the analysis of
# most files.  Syntax trees are immutable, and every table keyed on their nodes belongs to
# one interpreter, so analyses can share them.
_PARSED: OrderedDict[tuple[Path, bytes], ParsedSource] = OrderedDict()
_PARSED_BYTES = 256_000  # source bytes kept at most (a tree costs ~100-1,000 times its source)
_PARSED_LOCK = threading.Lock()  # analyses on several threads (the language server) share it


def parse_shared(resolved: Path, data: bytes, keep: bool = True, blank: bool = False,
                 cst_parser: Callable[[str, ast.Module], cst.Module] | None = None) -> ParsedSource | SourceProblem:
    """``read_and_parse(data)`` of the file at ``resolved``, shared with other analyses.
    ``keep``: whether a new parse is kept for them.  An imported module's is.  A checked
    file's is when the engine freezes what outlives each file out of the garbage collector
    (``engine.collector._reclaim``); otherwise every tree kept is walked again at each older collection,
    and most files are imported by none.  ``blank``: the tree may have its large tables
    blanked (an import's; a checked file's when no fix will render it), so it may also be
    one that has; otherwise it is the file's own text.  ``cst_parser``: as ``parse``'s."""
    key = (resolved, data)
    with _PARSED_LOCK:
        parsed = _PARSED.get(key)
        if parsed is not None and (blank or not parsed.tables):
            _PARSED.move_to_end(key)
            return parsed
    parsed = read_and_parse(data, blank=blank, cst_parser=cst_parser)
    if keep and isinstance(parsed, ParsedSource) and parsed.module is not None and len(data) <= _PARSED_BYTES // 4:
        with _PARSED_LOCK:
            _PARSED[key] = parsed
            while sum(len(k[1]) for k in _PARSED) > _PARSED_BYTES:
                _PARSED.popitem(last=False)
    return parsed
