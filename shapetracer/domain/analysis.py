"""The tables that live for one analysis, and which analysis is running.

Symbol bounds, the solver's free-symbol cache, the Keras side tables (layer states, the
symbolic graph) and counters are facts about *one* analysed program.  They live in an
``Analysis`` object made for that analysis, found through a context variable, so that
two analyses at once (a language server's worker and a batch scan, or two threads) share
nothing.  Code that runs outside any analysis (op examples, unit tests) uses the
``AMBIENT`` analysis of the thread that imported this module.

Every table is typed, and its type is written once.  The domain's own tables are fields
of ``Analysis``.  A table of a layer above (the solver's judgements, Keras' layer states)
holds that layer's types, which the domain may not import; so that layer declares a
*holder*, a small class with typed fields next to the code that owns it, and gets this
analysis's instance with ``holder(TheClass)``: keyed by the class itself, the result is
typed for the reader and for mypy, and no two owners can meet on a misspelt name string.
"""

from __future__ import annotations

import contextlib
import itertools
from contextvars import ContextVar
from typing import Any, Iterator, TypeVar

import z3

H = TypeVar("H")
_serials = itertools.count()


class Analysis:
    """Per-analysis state: the domain's tables as fields, the layers above's as holders."""

    def __init__(self) -> None:
        self.serial = next(_serials)
        self.lower_bounds: dict[str, int] = {}  # symbol -> least value (data dims >= 1)
        self.upper_bounds: dict[str, int] = {}  # symbol -> exclusive bound (random draws)
        self.symbols_cache: dict[int, tuple[Any, frozenset[str]]] = {}
        # z3 term id -> (the term, kept so its id stays its own; its simplification): dims.simplify
        self.simplified: dict[int, tuple[z3.ExprRef, z3.ExprRef]] = {}
        # (operator, left dim's identity, right's) -> (the operands' values, kept alive; the
        # comparison, decided or a Z3 term): dims._compared
        self.compared: dict[tuple[str, Any, Any], tuple[Any, Any, bool | z3.BoolRef]] = {}
        # the same for arithmetic: (operator, identities) -> (the operands' values; the result): dims._arithmetic
        self.arithmetic: dict[tuple[str, Any, Any], tuple[Any, Any, Any]] = {}
        self.holders: dict[type, Any] = {}
        self._names = itertools.count()

    def fresh_name(self, hint: str) -> str:
        """A symbol name unique across analyses (the serial) and stable within one."""
        return f"{hint}!{self.serial}.{next(self._names)}"

    def holder(self, kind: type[H]) -> H:
        """This analysis's instance of the holder class ``kind``, made by ``kind()`` on first use."""
        found = self.holders.get(kind)
        if found is None:
            found = self.holders[kind] = kind()
        return found


AMBIENT = Analysis()
_CURRENT: ContextVar[Analysis] = ContextVar("shapetracer_analysis", default=AMBIENT)


def current() -> Analysis:
    return _CURRENT.get()


@contextlib.contextmanager
def analysing(analysis: Analysis | None = None) -> Iterator[Analysis]:
    """Run the block as its own analysis; its tables are dropped with it."""
    analysis = analysis or Analysis()
    token = _CURRENT.set(analysis)
    try:
        yield analysis
    finally:
        _CURRENT.reset(token)
