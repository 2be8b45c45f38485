"""Z3 terms evaluated in Python at an integer assignment of their symbols.

The solver tries plain assignments before it sets up a query (``constraints.core.solver``:
a requirement and a path's facts, every symbol at its least value, ...).  Substituting
numbers into the Z3 terms and simplifying them cost more than the query on a path of fifty
facts (``z3.And`` and ``z3.substitute`` check each argument in Python); a term compiled once
into a Python function and called for each assignment costs a few microseconds.

Only what is evaluated exactly is compiled: Boolean connectives, comparisons, ``ite`` and
integer ``+ - *``, ``div`` and ``mod`` (SMT-LIB's: the remainder is never negative).  A term
with anything else (reals, other operators, symbols not assigned, a division by zero)
evaluates to None: the caller asks Z3 then, as before.
"""

from __future__ import annotations

import operator
from typing import Callable

import z3

# a compiled term: the value at an assignment (symbol name -> int), None when not decided here
Evaluator = Callable[[dict[str, int]], "int | bool | None"]


class _Undecided(Exception):
    """Raised inside an evaluation that is not exact here (division by zero, a free symbol)."""


def compile_term(term: z3.ExprRef, cache: dict[int, tuple[z3.ExprRef, Evaluator | None]]) -> Evaluator | None:
    """``term`` as a Python function, or None when it holds what is not modelled here.
    ``cache``: term id -> (a term holding it, kept so its id stays its own; its function),
    shared by the terms of one analysis (hash-consed subterms are compiled once).  The walk
    reads Z3's C API on raw pointers, as ``dims.free_symbols`` does: a Python wrapper per
    node cost more than the solver query it saves."""
    ctx, root = term.ctx_ref(), term.as_ast()
    return _compiled(ctx, root, term, cache)


def evaluate(compiled: Evaluator, assignment: dict[str, int]) -> int | bool | None:
    """The value of a compiled term at ``assignment``; None when it is not decided here."""
    try:
        return compiled(assignment)
    except _Undecided:
        return None


_COMPARISONS = {
    z3.Z3_OP_LE: operator.le, z3.Z3_OP_LT: operator.lt, z3.Z3_OP_GE: operator.ge, z3.Z3_OP_GT: operator.gt,
}
_ARITHMETIC = frozenset((z3.Z3_OP_ADD, z3.Z3_OP_SUB, z3.Z3_OP_MUL, z3.Z3_OP_UMINUS, z3.Z3_OP_IDIV, z3.Z3_OP_MOD))


def _compiled(ctx, node, holder: z3.ExprRef, cache) -> Evaluator | None:
    ident = z3.Z3_get_ast_id(ctx, node)
    known = cache.get(ident)
    if known is not None:
        return known[1]
    compiled = _compile(ctx, node, holder, cache)
    cache[ident] = (holder, compiled)
    return compiled


def _is_int(ctx, node) -> bool:
    return z3.Z3_get_sort_kind(ctx, z3.Z3_get_sort(ctx, node)) == z3.Z3_INT_SORT


def _compile(ctx, node, holder: z3.ExprRef, cache) -> Evaluator | None:
    kind = z3.Z3_get_ast_kind(ctx, node)
    if kind == z3.Z3_NUMERAL_AST:
        if not _is_int(ctx, node):
            return None
        value = int(z3.Z3_get_numeral_string(ctx, node))
        return lambda _: value
    if kind != z3.Z3_APP_AST:
        return None
    app = z3.Z3_to_app(ctx, node)
    op = z3.Z3_get_decl_kind(ctx, z3.Z3_get_app_decl(ctx, app))
    count = z3.Z3_get_app_num_args(ctx, app)
    if op == z3.Z3_OP_TRUE:
        return lambda _: True
    if op == z3.Z3_OP_FALSE:
        return lambda _: False
    if op == z3.Z3_OP_UNINTERPRETED:
        if count or not _is_int(ctx, node):
            return None
        name = z3.Z3_get_symbol_string(ctx, z3.Z3_get_decl_name(ctx, z3.Z3_get_app_decl(ctx, app)))

        def symbol(assignment):
            value = assignment.get(name)
            if value is None:
                raise _Undecided()
            return value
        return symbol
    children = [z3.Z3_get_app_arg(ctx, app, i) for i in range(count)]
    if op in _ARITHMETIC and not all(_is_int(ctx, child) for child in children):
        return None  # real arithmetic: not modelled here
    parts = [_compiled(ctx, child, holder, cache) for child in children]
    if any(part is None for part in parts):
        return None
    return _combine(op, parts)


def _combine(kind: int, parts: list[Evaluator]) -> Evaluator | None:
    if kind == z3.Z3_OP_AND:
        return lambda a: all(part(a) for part in parts)
    if kind == z3.Z3_OP_OR:
        return lambda a: any(part(a) for part in parts)
    if kind == z3.Z3_OP_NOT:
        (inner,) = parts
        return lambda a: not inner(a)
    if kind == z3.Z3_OP_IMPLIES:
        left, right = parts
        return lambda a: (not left(a)) or right(a)
    if kind == z3.Z3_OP_EQ and len(parts) == 2:
        left, right = parts
        return lambda a: left(a) == right(a)
    if kind == z3.Z3_OP_DISTINCT:
        return lambda a: len({part(a) for part in parts}) == len(parts)
    if kind in _COMPARISONS and len(parts) == 2:
        compare, (left, right) = _COMPARISONS[kind], parts
        return lambda a: compare(left(a), right(a))
    if kind == z3.Z3_OP_ITE:
        test, then, orelse = parts
        return lambda a: then(a) if test(a) else orelse(a)
    if kind == z3.Z3_OP_ADD:
        return lambda a: sum(part(a) for part in parts)
    if kind == z3.Z3_OP_SUB:
        first, rest = parts[0], parts[1:]
        return lambda a: first(a) - sum(part(a) for part in rest)
    if kind == z3.Z3_OP_MUL:
        def product(a):
            value = 1
            for part in parts:
                value *= part(a)
            return value
        return product
    if kind == z3.Z3_OP_UMINUS:
        (inner,) = parts
        return lambda a: -inner(a)
    if kind in (z3.Z3_OP_IDIV, z3.Z3_OP_MOD) and len(parts) == 2:
        return _division(kind, *parts)
    return None


def _division(kind: int, left: Evaluator, right: Evaluator) -> Evaluator:
    """SMT-LIB's integer ``div`` and ``mod``: ``a = b * (a div b) + a mod b`` with
    ``0 <= a mod b < |b|``; by zero they are left to Z3 (uninterpreted there)."""
    def divide(a):
        numerator, divisor = left(a), right(a)
        if divisor == 0:
            raise _Undecided()
        remainder = numerator % abs(divisor)
        return remainder if kind == z3.Z3_OP_MOD else (numerator - remainder) // divisor
    return divide
