"""Z3 terms evaluated in Python (``domain.ground``) agree with Z3 itself wherever they decide."""

from __future__ import annotations

import random

import z3

from shapetracer.domain.ground import compile_term, evaluate

NAMES = ("a", "b", "c")


def _term(rng: random.Random, depth: int) -> z3.ArithRef:
    if depth == 0 or rng.random() < 0.25:
        return z3.Int(rng.choice(NAMES)) if rng.random() < 0.6 else z3.IntVal(rng.randint(-7, 7))
    left, right = _term(rng, depth - 1), _term(rng, depth - 1)
    op = rng.choice(["+", "-", "*", "div", "mod", "neg", "ite"])
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op == "div":
        return left / right  # Int / Int is SMT-LIB's div
    if op == "mod":
        return left % right
    if op == "neg":
        return -left
    return z3.If(left < right, left, right)


def _formula(rng: random.Random, depth: int) -> z3.BoolRef:
    if depth == 0 or rng.random() < 0.3:
        left, right = _term(rng, 2), _term(rng, 2)
        return rng.choice([left == right, left != right, left < right, left <= right, left > right,
                           left >= right, z3.Distinct(left, right, _term(rng, 1))])
    parts = [_formula(rng, depth - 1) for _ in range(rng.randint(1, 3))]
    op = rng.choice(["and", "or", "not", "implies"])
    if op == "and":
        return z3.And(*parts)
    if op == "or":
        return z3.Or(*parts)
    if op == "not":
        return z3.Not(parts[0])
    return z3.Implies(parts[0], parts[-1])


def test_python_evaluation_agrees_with_z3_on_random_integer_formulas():
    rng = random.Random(31)
    cache: dict = {}
    decided = 0
    for _ in range(400):
        formula = _formula(rng, 3)
        compiled = compile_term(formula, cache)
        assert compiled is not None  # only modelled operators were used
        for _ in range(3):
            assignment = {name: rng.randint(-9, 9) for name in NAMES}
            value = evaluate(compiled, assignment)
            ground = z3.simplify(z3.substitute(formula, *((z3.Int(n), z3.IntVal(v)) for n, v in assignment.items())))
            if value is None:  # a division by zero on the way: Z3 decides
                continue
            decided += 1
            assert value == z3.is_true(ground), (formula, assignment)
            assert z3.is_true(ground) or z3.is_false(ground)
    assert decided > 900


def test_division_and_remainder_follow_smt_lib_for_negative_operands():
    a, b = z3.Int("a"), z3.Int("b")
    cache: dict = {}
    for x, y in ((7, 2), (7, -2), (-7, 2), (-7, -2), (0, -3)):
        quotient = evaluate(compile_term((a / b) == z3.IntVal(0) + (a / b), cache), {"a": x, "b": y})
        assert quotient is True
        for term in (a / b, a % b):
            want = z3.simplify(z3.substitute(term, (a, z3.IntVal(x)), (b, z3.IntVal(y)))).as_long()
            assert evaluate(compile_term(term, cache), {"a": x, "b": y}) == want


def test_what_is_not_modelled_is_left_to_z3():
    x, r = z3.Int("x"), z3.Real("r")
    cache: dict = {}
    assert compile_term(z3.ToReal(x) + r > 1, cache) is None  # real arithmetic
    assert compile_term(x ** 2 > 1, cache) is None  # power
    assert evaluate(compile_term(x / (x - x) == 1, cache), {"x": 3}) is None  # by zero: uninterpreted in Z3
    assert evaluate(compile_term(x > 1, cache), {}) is None  # a symbol not assigned
    assert evaluate(compile_term(z3.Or(x > 1, x / (x - x) == 1), cache), {"x": 3}) is True
