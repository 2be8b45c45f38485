"""The lines a finding's conflict takes part in, for telling a failure a fix caused (or
moved) from one it merely unmasked.

A finding's conflict is its own line and its related lines.  Some findings name no
related line (a numpy reshape reports only the array's size); for them the lines that
bind the names their line reads stand in: the assignment, loop target or parameter each
name last had before that line.  Imports and ``def``/``class`` names are no values and
never stand in (every line of a numpy program reads ``np``).
"""

from __future__ import annotations

import ast
from functools import lru_cache

from shapetracer.rules.findings import Finding


def conflict_lines(finding: Finding, text: str) -> frozenset[int]:
    related = {r.line for r in finding.related if r.path == finding.path}
    if related:
        return frozenset({finding.line} | related)
    return frozenset({finding.line}) | _binders(text, finding.line)


def _binders(text: str, line: int) -> frozenset[int]:
    bindings, reads = _index(text)
    found: set[int] = set()
    for name in reads.get(line, ()):
        before = [at for at in bindings.get(name, ()) if at < line]
        if before:
            found.add(max(before))
    return frozenset(found)


@lru_cache(maxsize=16)
def _index(text: str) -> tuple[dict[str, tuple[int, ...]], dict[int, frozenset[str]]]:
    """(name -> lines that bind it, line -> names read on it) of ``text``."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}, {}
    bindings: dict[str, set[int]] = {}
    reads: dict[int, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Store):
                bindings.setdefault(node.id, set()).add(node.lineno)
            else:
                reads.setdefault(node.lineno, set()).add(node.id)
        elif isinstance(node, ast.arg):
            bindings.setdefault(node.arg, set()).add(node.lineno)
    return ({name: tuple(sorted(lines)) for name, lines in bindings.items()},
            {line: frozenset(names) for line, names in reads.items()})
