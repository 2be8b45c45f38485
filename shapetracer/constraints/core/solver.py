"""Z3 queries with tracked assertions.

A new requirement R is judged against a path's facts (``domain.facts``) in two tiers:

- *error*: facts ∧ R is UNSAT — the op fails for every value of the unknowns;
  the unsat core names the sites whose facts make it fail.
- *possible*: facts ∧ ¬R is SAT as well — fails for some values; the model is
  the counterexample.

Every query runs under a time-out and an rlimit; ``unknown`` is reported as
inconclusive and never as an error.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import z3

from shapetracer.domain.analysis import current
from shapetracer.domain.dims import BoolLike, fold_term, free_symbols, lower_bound, upper_bound
from shapetracer.domain.ground import compile_term, evaluate
from shapetracer.domain.facts import Fact, Judgement, PathFacts, SolverLimits, Verdict

_track_counter = itertools.count()


@dataclass
class SolverTables:
    """What the solver remembers for one analysis (a holder of ``analysis.Analysis``)."""

    # (requirement's id, the relevant facts' ids, counterexample wanted, limits) ->
    # (the judgement; the facts and the requirement, kept so that their ids stay theirs)
    judgements: dict[tuple, tuple[Judgement, list[Fact], BoolLike]] = field(default_factory=dict)
    bounds: dict[str, tuple[z3.BoolRef, ...]] = field(default_factory=dict)  # symbol -> its bounds
    # fact's id -> (the fact, kept so that its id stays its own; its symbols): a path's facts
    # are the same objects at each requirement judged on it
    fact_symbols: dict[int, tuple[Fact, frozenset[str]]] = field(default_factory=dict)
    compiled: dict = field(default_factory=dict)
    # term id -> (a term holding it, so that its id stays its own; the digit runs in it): _numbers
    numbers: dict[int, tuple[object, frozenset[str]]] = field(default_factory=dict)
    fact_compiled: dict[int, tuple[Fact, object]] = field(default_factory=dict)  # fact's id -> (it, its function)  # term id -> (term, its Python function): domain.ground


def judge(facts: PathFacts, cond: BoolLike, limits: SolverLimits, want_counterexample: bool) -> Judgement:
    """Decide whether ``cond`` can hold given the facts of this path."""
    if cond is True:
        return Judgement(Verdict.HOLDS)
    if cond is False:
        return Judgement(Verdict.FAILS)
    relevant = _relevant_facts(facts.facts, cond)
    # The same query recurs (an unrolled training loop runs the same checks every step):
    # Z3 terms are hash-consed, so equal ids are equal terms, and the facts are the same
    # objects.  Symbol bounds are fixed when a symbol is made, so the answer cannot change.
    key = (cond.get_id(), tuple(id(f) for f in relevant), want_counterexample, limits.timeout_ms, limits.rlimit)
    cache = current().holder(SolverTables).judgements
    cached = cache.get(key)
    if cached is not None:
        return cached[0]
    judgement = _judge(relevant, cond, limits, want_counterexample)
    cache[key] = (judgement, relevant, cond)  # keeps the terms and facts alive: ids stay theirs
    return judgement


def _judge(relevant: list[Fact], cond: BoolLike, limits: SolverLimits, want_counterexample: bool) -> Judgement:
    symbols = free_symbols(cond)
    for fact in relevant:
        symbols |= _symbols_of(fact)
    if _witnessed(cond, relevant, symbols):
        # satisfiable, shown by an assignment: no solver needed for this half of the question
        return _judge_negation(cond, relevant, symbols, limits) if want_counterexample \
            else Judgement(Verdict.SATISFIABLE)
    solver = _new_solver(limits)
    # keyed by the literal's term id (hash-consed: the core gives back the same terms);
    # printing a literal to name it cost a fifth of a millisecond, more than the query
    literals: dict[int, Fact] = {}
    _add_bounds(solver, symbols)
    for fact in relevant:
        literal = z3.Bool(f"fact!{next(_track_counter)}")
        literals[literal.get_id()] = fact
        solver.assert_and_track(fact.cond, literal)
    goal = z3.Bool(f"goal!{next(_track_counter)}")
    solver.assert_and_track(cond, goal)
    result = solver.check()
    if result == z3.unsat:
        core = tuple(literals[key] for key in (lit.get_id() for lit in solver.unsat_core()) if key in literals)
        return Judgement(Verdict.FAILS, core=_minimise(core, cond, limits))
    if result == z3.unknown:
        return Judgement(Verdict.UNKNOWN)
    if not want_counterexample:
        return Judgement(Verdict.SATISFIABLE)
    return _judge_negation(cond, relevant, symbols, limits)


def _judge_negation(cond, relevant, symbols, limits) -> Judgement:
    solver = _new_solver(limits)
    _add_bounds(solver, symbols)
    for fact in relevant:
        solver.add(fact.cond)
    solver.add(z3.Not(cond))
    result = solver.check()
    if result == z3.unsat:
        return Judgement(Verdict.HOLDS)
    if result == z3.unknown:
        return Judgement(Verdict.UNKNOWN)
    model = solver.model()
    example = {}
    for decl in model.decls():
        value = model[decl]
        if z3.is_int_value(value) and not decl.name().startswith(("fact!", "goal!")):
            example[decl.name()] = value.as_long()
    return Judgement(Verdict.MAY_FAIL, counterexample=example)


_MAX_WITNESS_SYMBOLS = 256
_INTEGER = re.compile(r"(?<![\w.!])\d+(?![\w.!])")


def _witnessed(cond: z3.BoolRef, relevant: list[Fact], symbols: set[str]) -> bool:
    """Whether a plain assignment satisfies the requirement, the facts and the symbols'
    bounds: every symbol at its least value, then one above it, then every symbol at the
    smallest and the largest numbers the formula mentions, at the greatest least value of
    them all, and one past the largest number.  Most requirements are satisfiable at once
    (a dim equal to a constant or to another dim, a rank of 1 or 4, a sum at least 100),
    and evaluating a ground term costs a tenth of setting up a solver.  A witness is a
    proof of satisfiability; finding none proves nothing, and the solver decides as before.
    The terms are evaluated in Python (``domain.ground``, each compiled once per analysis);
    one that is not modelled there is substituted into and simplified by Z3."""
    if len(symbols) > _MAX_WITNESS_SYMBOLS:
        return False
    tables = current().holder(SolverTables)
    compiled = [compile_term(cond, tables.compiled), *(_compiled_fact(fact, tables) for fact in relevant)]
    # the requirement's own numbers (not the path's facts': there can be thousands)
    numbers = sorted(int(n) for n in _numbers(cond, tables.numbers) if len(n) < 10)
    ranges = {name: (lower_bound(name), upper_bound(name)) for name in symbols}
    # every symbol at the greatest least value: dims of different bounds equal (a slice's
    # length, at least 0, and a placeholder's dim, at least 1); one past the largest number
    # (``rank > 1``).  A missed witness costs a solver call, twenty times a try.
    common = max((low if low is not None else 1 for low, _ in ranges.values()), default=1)
    tries = [0, 1, *(("=", n) for n in (*numbers[:1], *numbers[-2:])), ("=", common),
             *((("=", numbers[-1] + 1),) if numbers else ())]
    for value in dict.fromkeys(tries):
        assignment = {}
        for name, (low, high) in ranges.items():
            # an int: that far above the symbol's least value; ("=", n): the number n
            chosen = value[1] if isinstance(value, tuple) else (low if low is not None else 1) + value
            if low is not None and chosen < low or high is not None and chosen >= high:
                break
            assignment[name] = chosen
        else:
            holds = _holds(compiled, assignment)
            if holds is None:  # not decided in Python: Z3 simplifies the ground formula
                holds = _holds_in_z3(cond, relevant, assignment)
            if holds:
                return True
    return False


def _numbers(term: z3.ExprRef, cache: dict) -> frozenset[str]:
    """The digit runs ``_INTEGER`` finds in ``term.sexpr()``, read off the term itself: each
    integer numeral's digits, and those in the names of the symbols (``|x.shape[3]|`` holds
    a 3; ``d!4.2`` none).  Printing a requirement to find them cost a third of a
    millisecond a time, a fifth of some files' analysis.  Memoised per subterm, as
    ``free_symbols`` is: a new requirement is mostly made of terms met before."""
    return fold_term(term, cache, _own_numbers)


def _own_numbers(ctx, node, kind: int, arity: int) -> frozenset[str]:
    """An integer numeral's digits (``(- 5)`` prints a 5); those in the name of a symbol of
    the program's (an uninterpreted function or constant); none in Z3's own operators."""
    if kind == z3.Z3_NUMERAL_AST:
        if _sort_kind(ctx, _sort(ctx, node)) != z3.Z3_INT_SORT:
            return frozenset()  # a real prints as 1.5 or (/ 1.0 3.0): no digit run stands alone
        return frozenset((_numeral(ctx, node).lstrip("-"),))
    if kind != z3.Z3_APP_AST:
        return frozenset()
    decl = _app_decl(ctx, _to_app(ctx, node))
    if _decl_kind(ctx, decl) != z3.Z3_OP_UNINTERPRETED:
        return frozenset()
    return frozenset(_INTEGER.findall(_symbol_name(ctx, _decl_name(ctx, decl))))


_to_app, _app_decl, _decl_kind = z3.Z3_to_app, z3.Z3_get_app_decl, z3.Z3_get_decl_kind
_decl_name, _symbol_name = z3.Z3_get_decl_name, z3.Z3_get_symbol_string
_sort, _sort_kind, _numeral = z3.Z3_get_sort, z3.Z3_get_sort_kind, z3.Z3_get_numeral_string


def _compiled_fact(fact: Fact, tables: SolverTables):
    """``compile_term(fact.cond)``, once per fact and analysis."""
    entry = tables.fact_compiled.get(id(fact))
    if entry is None:
        entry = tables.fact_compiled[id(fact)] = (fact, compile_term(fact.cond, tables.compiled))
    return entry[1]


def _holds(compiled: list, assignment: dict[str, int]) -> bool | None:
    """Whether every compiled term is true at ``assignment`` (None: not decided here)."""
    undecided = False
    for term in compiled:
        value = None if term is None else evaluate(term, assignment)
        if value is None:
            undecided = True
        elif value is not True:
            return False  # a conjunct false: the conjunction is, whatever the others are
    return None if undecided else True


def _holds_in_z3(cond: z3.BoolRef, relevant: list[Fact], assignment: dict[str, int]) -> bool:
    formula = z3.And(cond, *(fact.cond for fact in relevant)) if relevant else cond
    pairs = [(z3.Int(name), z3.IntVal(chosen)) for name, chosen in assignment.items()]
    ground = z3.simplify(z3.substitute(formula, *pairs)) if pairs else z3.simplify(formula)
    return z3.is_true(ground)


def _new_solver(limits: SolverLimits) -> z3.Solver:
    solver = z3.Solver()
    solver.set("timeout", limits.timeout_ms)
    solver.set("rlimit", limits.rlimit)
    solver.set("unsat_core", True)
    return solver


def _add_bounds(solver: z3.Solver, symbols: set[str]) -> None:
    made = current().holder(SolverTables).bounds  # a symbol's bounds are fixed when it is made
    for name in symbols:
        bounds = made.get(name)
        if bounds is None:
            bounds = made[name] = _bounds_of(name)
        if bounds:
            solver.add(*bounds)


def _bounds_of(name: str) -> tuple:
    bounds = []
    bound = lower_bound(name)
    if bound is not None:
        bounds.append(z3.Int(name) >= bound)
    upper = upper_bound(name)
    if upper is not None:
        bounds.append(z3.Int(name) < upper)
    return tuple(bounds)


def _symbols_of(fact: Fact) -> frozenset[str]:
    """``free_symbols(fact.cond)``, once per fact and analysis."""
    known = current().holder(SolverTables).fact_symbols
    entry = known.get(id(fact))
    if entry is None:
        entry = known[id(fact)] = (fact, frozenset(free_symbols(fact.cond)))
    return entry[1]


def _relevant_facts(facts: tuple[Fact, ...], cond: z3.BoolRef) -> list[Fact]:
    """Facts transitively sharing a symbol with ``cond`` (cone of influence)."""
    wanted = free_symbols(cond)
    fact_symbols = [(fact, _symbols_of(fact)) for fact in facts]
    chosen: list[Fact] = []
    changed = True
    remaining = fact_symbols
    while changed:
        changed = False
        rest = []
        for fact, symbols in remaining:
            if symbols & wanted:
                chosen.append(fact)
                wanted |= symbols
                changed = True
            else:
                rest.append((fact, symbols))
        remaining = rest
    return chosen


def _minimise(core: tuple[Fact, ...], cond: z3.BoolRef, limits: SolverLimits) -> tuple[Fact, ...]:
    """Drop facts from the core while the rest still refutes ``cond``."""
    if len(core) <= 1:
        return core
    kept = list(core)
    for fact in list(core):
        trial = [f for f in kept if f is not fact]
        solver = _new_solver(limits)
        symbols = free_symbols(cond)
        for f in trial:
            symbols |= free_symbols(f.cond)
        _add_bounds(solver, symbols)
        for f in trial:
            solver.add(f.cond)
        solver.add(cond)
        if solver.check() == z3.unsat:
            kept = trial
    return tuple(kept)
