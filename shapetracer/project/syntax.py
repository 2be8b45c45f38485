"""CPython's syntax tree of a module's bytes, parsed once for the project model and the
analysis.

Both read every module a run reaches: the project model for its imports and ``sys.path``
changes (``model.read_module``), the frontend to judge its syntax and blank its tables
(``frontend.source``).  Each parsed it again: 24 ms of a 190 ms check for a script
importing a 90 KB plotting helper.  The few most recent trees are kept here, by the bytes
they were parsed from, for the other reader.  A tree is shared only for UTF-8 bytes
without a byte-order mark (``shared_text``), where parsing the bytes and parsing their text
give the same tree; no reader changes a tree (the model, the frontend, pyflakes).
"""

from __future__ import annotations

import ast
import threading
import warnings
from collections import OrderedDict

_RECENT: OrderedDict[bytes, ast.Module] = OrderedDict()
_RECENT_FILES = 8
_RECENT_BYTES = 512_000  # source bytes kept at most (a tree costs ~100 times its source)
_LOCK = threading.Lock()  # the language server analyses on several threads


def parse_bytes(data: bytes) -> ast.Module:
    """``ast.parse(data)``, from the trees kept when there is one (it raises as ``ast.parse``
    does: SyntaxError, ValueError, RecursionError, MemoryError)."""
    tree = recall(data)
    if tree is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(data)
        remember(data, tree)
    return tree


def recall(data: bytes) -> ast.Module | None:
    with _LOCK:
        tree = _RECENT.get(data)
        if tree is not None:
            _RECENT.move_to_end(data)
        return tree


def remember(data: bytes, tree: ast.Module) -> None:
    if len(data) > _RECENT_BYTES // 4:
        return
    with _LOCK:
        _RECENT[data] = tree
        _RECENT.move_to_end(data)
        while len(_RECENT) > _RECENT_FILES or sum(map(len, _RECENT)) > _RECENT_BYTES:
            _RECENT.popitem(last=False)


def shared_text(data: bytes, text: str) -> bool:
    """Whether ``text``, decoded from ``data``, may share the tree of ``data``: the bytes are
    ASCII or the text's UTF-8, with no byte-order mark.  (CPython decodes bytes by the same
    rules as ``frontend.source.decode``, so the trees would agree anyway; sharing only the
    plain case keeps that an argument nobody has to rely on.)"""
    if data.isascii():
        return len(data) == len(text)
    return text.encode("utf-8", "surrogatepass") == data


__all__ = ["parse_bytes", "recall", "remember", "shared_text"]
