"""Path facts: the requirements already passed on one analysis path.

Each analysis path owns a ``PathFacts``: the requirements of every op already
passed on that path, each tagged with the site that asserted it.  Forks share
their prefix, and the join of two paths keeps their common prefix.  Judging a
new requirement against them is the solver's work (``constraints.core.solver``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import z3

from shapetracer.domain.bounds import SolverLimits  # noqa: F401 - kept where the solver's readers import it
from shapetracer.domain.dims import BoolLike, Origin


@dataclass(frozen=True)
class Fact:
    """An asserted requirement with the site that asserted it."""

    cond: z3.BoolRef
    site: Origin
    role: str
    origins: frozenset[Origin] = frozenset()  # sites of the dims it mentions


class Verdict(Enum):
    HOLDS = "holds"  # true for every value
    FAILS = "fails"  # false for every value
    MAY_FAIL = "may-fail"  # false for some values
    SATISFIABLE = "satisfiable"  # true for some values; the failing side not checked
    UNKNOWN = "unknown"


@dataclass
class Judgement:
    verdict: Verdict
    core: tuple[Fact, ...] = ()
    counterexample: dict[str, int] | None = None


class PathFacts:
    """An immutable-by-convention list of facts; forks share their prefix."""

    __slots__ = ("facts",)

    def __init__(self, facts: tuple[Fact, ...] = ()):
        self.facts = facts

    def add(self, cond: BoolLike, site: Origin, role: str,
            origins: frozenset[Origin] = frozenset()) -> "PathFacts":
        if cond is True or cond is False:
            return self
        return PathFacts(self.facts + (Fact(cond, site, role, origins),))

    def common_prefix(self, other: "PathFacts") -> "PathFacts":
        n = 0
        for a, b in zip(self.facts, other.facts):
            if a is not b:
                break
            n += 1
        return PathFacts(self.facts[:n])
