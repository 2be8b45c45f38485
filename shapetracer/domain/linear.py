"""Symbolic dims that are linear (``n``, ``n - 1``, ``2 * n + k``) as plain Python.

Why: nearly every symbolic dim a program makes is a symbol or a sum of symbols times
constants: a batch dim, a sequence length less one, two streams concatenated.  Building
a Z3 term for each of them, simplifying it and asking Z3 whether it is a number was most
of the Z3 work in the profile of the slowest published files (Z3 was a fifth of it), and
no solver query ever read most of those terms.  Here such a dim is a ``Linear``: a constant and a sorted tuple of
(symbol name, coefficient) pairs.  Sums, differences, multiples and comparisons whose
difference is a constant are decided in Python.  The Z3 term is built only when something
asks for it (a solver query, a non-linear op) and is then kept with the expression.

Expressions are hash-consed per analysis (equal expressions are one object, so their Z3
term is built once), but equality never relies on it: ``same`` compares the contents.

>>> n = symbol("n!0.1")
>>> plus(n, -1).const, plus(n, -1).coeffs
(-1, (('n!0.1', 1),))
>>> plus(n, times(n, -1))
0
>>> str(term(plus(times(n, 2), 3)))
'3 + 2*n!0.1'
"""

from __future__ import annotations

import z3

from shapetracer.domain import analysis

_TABLE_LIMIT = 50_000


class Linear:
    """``const + sum(coefficient * symbol)``, at least one coefficient non-zero."""

    __slots__ = ("const", "coeffs", "_term")

    def __init__(self, const: int, coeffs: tuple[tuple[str, int], ...]):
        self.const = const
        self.coeffs = coeffs  # sorted by name, no zero coefficient, never empty
        self._term: z3.ArithRef | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.coeffs)

    def __repr__(self) -> str:
        return f"Linear({self.const}, {self.coeffs})"



class Interned(dict[tuple[int, tuple[tuple[str, int], ...]], Linear]):
    """The linear expressions of one analysis, one object per (constant, coefficients): a
    holder of ``analysis.Analysis`` (it names ``Linear``, which the analysis module, below
    this one, cannot)."""


def _make(const: int, coeffs: tuple[tuple[str, int], ...]) -> int | Linear:
    if not coeffs:
        return const
    table = analysis.current().holder(Interned)
    key = (const, coeffs)
    found = table.get(key)
    if found is None:
        if len(table) >= _TABLE_LIMIT:
            table.clear()
        found = table[key] = Linear(const, coeffs)
    return found


def symbol(name: str) -> Linear:
    return _make(0, ((name, 1),))  # type: ignore[return-value]


def same(a: int | Linear, b: int | Linear) -> bool:
    """The same linear function (not merely equal for some values)."""
    if a is b:
        return True
    if type(a) is int or type(b) is int:
        return a == b if type(a) is type(b) else False
    return a.const == b.const and a.coeffs == b.coeffs


def plus(a: int | Linear, b: int | Linear) -> int | Linear:
    if type(a) is int:
        if type(b) is int:
            return a + b
        return _make(b.const + a, b.coeffs) if a else b
    if type(b) is int:
        return _make(a.const + b, a.coeffs) if b else a
    merged = dict(a.coeffs)
    for name, coefficient in b.coeffs:
        merged[name] = merged.get(name, 0) + coefficient
    return _make(a.const + b.const, tuple(sorted((n, c) for n, c in merged.items() if c)))


def times(a: int | Linear, k: int) -> int | Linear:
    if type(a) is int:
        return a * k
    if k == 0:
        return 0
    if k == 1:
        return a
    return _make(a.const * k, tuple((name, c * k) for name, c in a.coeffs))


def minus(a: int | Linear, b: int | Linear) -> int | Linear:
    return plus(a, times(b, -1))


def term(a: Linear) -> z3.ArithRef:
    """The expression as a simplified Z3 term, built on first use and kept."""
    if a._term is None:
        parts = [z3.Int(name) if c == 1 else c * z3.Int(name) for name, c in a.coeffs]
        built = parts[0] if len(parts) == 1 else z3.Sum(parts)
        a._term = z3.simplify(built + a.const if a.const else built)
    return a._term
