"""Linear dims in plain Python (domain/linear.py): the same answers as Z3, without Z3.

A dim that is linear in its symbols keeps no Z3 term until something reads ``value``;
sums, multiples, ``same_as`` and comparisons whose sides differ by a constant are decided
in Python.  These tests hold that to Z3: every answer given in Python is the one the
Z3 path (``dims._compared``, the simplified term) gives for the same dims.
"""

import doctest
import itertools
import random

import z3

from shapetracer.domain import dims, linear
from shapetracer.domain.analysis import analysing
from shapetracer.domain.dims import Dim


def test_the_module_examples_hold():
    assert doctest.testmod(linear).failed == 0


def test_sums_and_multiples_build_no_term_until_read():
    with analysing():
        n, m = Dim.fresh("n"), Dim.fresh("m")
        made = [n, n + 1, 3 * n - m, (n + m) * 2 - m, n - 1 + 1, n.traced_to(frozenset()), n.with_origins([])]
        assert all(d.linear is not None and not dims._materialised(d) for d in made)
        assert n.eq(n + 1 - 1) is True and n.ge(n - 2) is True and n.gt(n) is False
        assert not any(dims._materialised(d) for d in made)
        term = made[3].value  # read: now built, and the same function as Z3's own
        assert dims._materialised(made[3])
        assert z3.simplify(term - (2 * n.value + m.value)).as_long() == 0


def test_a_difference_that_cancels_is_a_known_int():
    with analysing():
        n = Dim.fresh("n")
        zero = (n + 4) - (n + 4)
        assert zero.known and zero.value == 0 and zero.linear is None
        assert ((n * 3) - n - n - n + 7).value == 7


def test_same_as_compares_the_function_not_the_construction():
    with analysing():
        n, m = Dim.fresh("n"), Dim.fresh("m")
        assert (n + m + 1).same_as(1 + m + n)
        assert (2 * n).same_as(n + n)
        assert not (n + 1).same_as(n + 2)
        assert not n.same_as(Dim(3)) and not Dim(3).same_as(n)
        product = n * m  # not linear: a simplified Z3 term, as before
        assert product.linear is None and product.same_as(n * m)
        assert not product.same_as(n + m)


def test_a_false_comparison_of_declared_none_dims_stays_symbolic():
    """TensorFlow learns a placeholder's None dim only when a run feeds it: the requirement
    must reach OpContext.require symbolic (spec.runtime_only), as Z3's path keeps it."""
    with analysing():
        batch = Dim.fresh(dims.declared_none_name("x", 0))
        kept = (batch + 1).eq(batch)
        assert not isinstance(kept, bool)
        assert dims.mentions_declared_none(kept)
        n = Dim.fresh("n")
        assert (n + 1).eq(n) is False


def test_comparisons_agree_with_z3_on_random_linear_dims():
    ops = {"==": Dim.eq, ">=": Dim.ge, ">": Dim.gt}
    rng = random.Random(7)
    decided_in_python = 0
    with analysing():
        symbols = [Dim.fresh("n"), Dim.fresh("m"), Dim.fresh(dims.declared_none_name("x", 1))]

        def random_dim():
            total = Dim(rng.randint(-3, 3))
            for symbol in symbols:
                total = total + symbol * rng.choice([0, 0, 1, 2, -1])
            return total

        for _ in range(400):
            left = random_dim()
            right = left + rng.randint(-2, 2) if rng.random() < 0.5 else random_dim()
            for op, method in ops.items():
                fast = method(left, right)
                reference = dims._compared(op, Dim(dims._term(left)), Dim(dims._term(right)))
                if isinstance(reference, bool):
                    assert fast is reference, (op, left.value, right.value)
                    decided_in_python += 1
                else:
                    assert not isinstance(fast, bool), (op, left.value, right.value)
                    solver = z3.Solver()
                    solver.add(fast != reference)
                    assert solver.check() == z3.unsat
    assert decided_in_python > 100


def test_linear_arithmetic_matches_z3_terms():
    with analysing():
        n, m = Dim.fresh("n"), Dim.fresh("m")
        for a, b, k in itertools.product([n, n + 2, 2 * n - m, Dim(5)], [m, m - n, Dim(0)], [-2, 0, 3]):
            for result, expected in (((a + b) * k, (dims._term(a) + dims._term(b)) * k),
                                     (a - b, dims._term(a) - dims._term(b))):
                difference = z3.simplify(dims._term(result) - expected)
                assert z3.is_int_value(difference) and difference.as_long() == 0
