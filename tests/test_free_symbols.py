"""dims.free_symbols walks Z3's C API on raw pointers; it must name exactly the symbols a
plain walk over Python wrappers names, for every term, shared subterms and all."""

import random

import z3

from shapetracer.domain import dims
from shapetracer.domain.analysis import analysing


def _reference(expr: z3.ExprRef) -> set[str]:
    if z3.is_const(expr):
        return {expr.decl().name()} if expr.decl().kind() == z3.Z3_OP_UNINTERPRETED else set()
    found: set[str] = set()
    for child in expr.children():
        found |= _reference(child)
    return found


def _random_term(rng: random.Random, symbols: list[z3.ArithRef], depth: int) -> z3.ArithRef:
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(symbols) if rng.random() < 0.7 else z3.IntVal(rng.randint(-3, 9))
    a, b = _random_term(rng, symbols, depth - 1), _random_term(rng, symbols, depth - 1)
    kind = rng.randrange(5)
    if kind == 0:
        return a + b
    if kind == 1:
        return a * b
    if kind == 2:
        return a / (b * b + 1)
    if kind == 3:
        return z3.If(a == 1, b, a)
    return a - b


def test_the_raw_walk_names_what_a_wrapper_walk_names():
    rng = random.Random(3)
    names = ["n!0.1", "x.shape[0]!0.2", "m!0.3", "k!0.4"]
    symbols = [z3.Int(name) for name in names]
    with analysing():
        for _ in range(300):
            left, right = _random_term(rng, symbols, 4), _random_term(rng, symbols, 4)
            cond = z3.Or(left == right, left >= 1, z3.Not(right > left))
            for term in (left, right, cond, z3.simplify(cond)):
                assert dims.free_symbols(term) == _reference(term)


def test_a_term_without_symbols_has_none_and_the_answer_is_a_fresh_set():
    with analysing():
        assert dims.free_symbols(z3.IntVal(4) + 3) == set()
        n = z3.Int("n!0.9")
        first = dims.free_symbols(n + 1)
        first.add("changed")
        assert dims.free_symbols(n + 1) == {"n!0.9"}
        assert dims.mentions_declared_none(z3.Int("x.shape[1]!0.5") * n == 3)
        assert not dims.mentions_declared_none(n * n == 3)
