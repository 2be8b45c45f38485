"""The two tiers, unsat cores, counterexamples and limits of the Z3 layer."""

from __future__ import annotations

import z3

from shapetracer.domain.dims import Dim, FixedLocator, Origin
from shapetracer.domain.facts import PathFacts, SolverLimits, Verdict
from shapetracer.constraints.core.solver import judge
from tests.helpers import findings_of

SITE_A = Origin("a.py", object(), FixedLocator(3))
SITE_B = Origin("a.py", object(), FixedLocator(7))


def test_fails_for_every_value_gives_a_minimal_core():
    n, m = Dim.fresh("n"), Dim.fresh("m")
    facts = PathFacts().add(n.eq(m * 2), SITE_A, "requires").add(m.ge(5), SITE_B, "requires")
    facts = facts.add(Dim.fresh("other").ge(3), SITE_B, "requires")  # unrelated: not in the core
    judgement = judge(facts, n.eq(7), SolverLimits(), want_counterexample=False)
    assert judgement.verdict is Verdict.FAILS
    assert [f.site for f in judgement.core] == [SITE_A]  # 2m = 7 is impossible on its own


def test_fails_for_some_values_gives_a_counterexample():
    n = Dim.fresh("batch")
    judgement = judge(PathFacts(), (n * 3136).mod(1024).eq(0), SolverLimits(), want_counterexample=True)
    assert judgement.verdict is Verdict.MAY_FAIL
    [(name, value)] = judgement.counterexample.items()
    assert name.startswith("batch") and (value * 3136) % 1024 != 0


def test_holds_for_every_value():
    n = Dim.fresh("n")
    judgement = judge(PathFacts(), (n * 4).mod(2).eq(0), SolverLimits(), want_counterexample=True)
    assert judgement.verdict is Verdict.HOLDS


def test_solver_limit_is_inconclusive_not_a_crash():
    x, y, z = (Dim.fresh(v).value for v in "xyz")
    fermat = x * x * x + y * y * y == z * z * z  # non-linear: far beyond the budget below
    judgement = judge(PathFacts(), fermat, SolverLimits(timeout_ms=1, rlimit=1), want_counterexample=False)
    assert judgement.verdict is Verdict.UNKNOWN


def test_possible_failure_warning_names_the_values():
    findings = findings_of("""
import tensorflow as tf
import numpy as np
def step(batch):
    noise = tf.random.normal([128, 10])
    return batch + noise
step(tf.zeros([int(input()), 10]))
""", possible_failures=True)
    [finding] = findings
    assert finding.code == "ST201" and finding.severity == "warning" and "fails when" in finding.message


def test_symbol_bounds_of_one_file_are_forgotten_after_its_analysis():
    from shapetracer.domain import analysis
    from shapetracer.engine import check_source
    source = b"import numpy as np\nrng = np.random.RandomState(0)\nk = rng.randint(0, 5)\nx = np.zeros((int(input()), k))\n"
    ambient = analysis.current()

    def sizes():
        return [len(table) for table in (ambient.lower_bounds, ambient.upper_bounds, ambient.holders,
                                         ambient.simplified, ambient.compared, ambient.arithmetic)]

    # the first analysis in a process loads the op families, whose module-level dims are
    # made in the ambient analysis once and for all: counted from there
    check_source(source, "first.py")
    before = sizes()
    for _ in range(3):
        check_source(source, "again.py")
    assert analysis.current() is ambient
    assert sizes() == before


def test_a_plain_assignment_witnesses_satisfiable_requirements():
    """``_witnessed`` only ever proves satisfiability: a witness respects the bounds and
    the facts, and an impossible requirement never gets one."""
    from shapetracer.constraints.core.solver import _witnessed
    from shapetracer.domain.dims import bound_above, free_symbols
    from shapetracer.domain.facts import Fact

    rank, a, b = Dim.fresh("rank"), Dim.fresh("a"), Dim.fresh("b", lower=5)
    either = z3.Or(rank.eq(4), rank.eq(1))
    assert _witnessed(either, [], free_symbols(either))  # rank = 1, its least value
    large = (a + b).ge(100)
    assert _witnessed(large, [], free_symbols(large))  # a = b = 100
    below_bound = b.eq(3)
    assert below_bound is False or not _witnessed(below_bound, [], free_symbols(below_bound))
    c = Dim.fresh("c")
    bound_above(str(c.value), 10)  # a random int drawn below 10
    over = c.eq(12)
    assert not _witnessed(over, [], free_symbols(over))
    fact = Fact(a.eq(7), SITE_A, "requires")
    other = a.eq(8)
    symbols = free_symbols(other) | free_symbols(fact.cond)
    assert not _witnessed(other, [fact], symbols)
    assert judge(PathFacts().add(a.eq(7), SITE_A, "requires"), a.eq(8), SolverLimits(),
                 want_counterexample=False).verdict is Verdict.FAILS
    assert judge(PathFacts(), (a + b).ge(100), SolverLimits(), want_counterexample=True).verdict is Verdict.MAY_FAIL


def test_a_witness_for_dims_of_different_bounds_and_strict_bounds():
    """A slice's length (at least 0) equal to a placeholder's dim (at least 1) holds with
    both at 1; ``rank > 1`` holds one past the number it names.  Neither took a witness
    before (the solver was set up for them: 253 of the 321 misses on the 40 slowest
    published files); a witness must still respect every bound."""
    from shapetracer.constraints.core.solver import _witnessed
    from shapetracer.domain.dims import bound_above, free_symbols

    sliced, batch, rank = Dim.fresh("sliced", lower=0), Dim.fresh("batch"), Dim.fresh("rank", lower=0)
    equal = sliced.eq(batch)
    assert _witnessed(equal, [], free_symbols(equal))
    strict = rank.gt(1)
    assert _witnessed(strict, [], free_symbols(strict))
    small = Dim.fresh("small", lower=0)
    bound_above(str(small.value), 1)  # only 0: no witness may pick 1
    never = small.eq(batch)
    assert not _witnessed(never, [], free_symbols(never))
    assert judge(PathFacts(), never, SolverLimits(), want_counterexample=False).verdict is Verdict.FAILS


def test_the_numbers_a_witness_tries_are_those_the_printed_requirement_holds():
    """solver._numbers reads the digit runs off the term; they are the ones a regex finds in
    the term's printed form (a numeral's digits, a bracketed axis in a name), never those
    of a fresh symbol's serial, a real number or a shared subterm's ``let`` name."""
    from shapetracer.constraints.core import solver

    x, y = z3.Int("images.shape[3]"), z3.Int("d!4.12")
    r = z3.Real("ratio")
    shared = (x + y) * (x + y) + (x + y)
    terms = [x == 3, y >= 100, x - 7 == y * 2, z3.If(x > 0, x, -5) <= 42, r * 1.5 == 2,
             z3.And(shared == 1234567890123, shared > 0), z3.Int("x-12") + z3.Int("3d") == 0,
             z3.Not(x == y)]
    for term in terms:
        assert solver._numbers(term, {}) == frozenset(solver._INTEGER.findall(term.sexpr())), term.sexpr()
    assert solver._numbers(x - 7 == y * 2, {}) == {"3", "7", "2"}
