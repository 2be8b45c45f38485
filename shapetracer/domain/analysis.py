"""The tables that live for one analysis, and which analysis is running.

Symbol bounds, the solver's free-symbol cache, the Keras side tables (layer states, the
symbolic graph) and counters are facts about *one* analysed program.  They live in an
``Analysis`` object made for that analysis, found through a context variable, so that
two analyses at once (a language server's worker and a batch scan, or two threads) share
nothing.  Code that runs outside any analysis (op examples, unit tests) uses the
``AMBIENT`` analysis of the thread that imported this module.
"""

from __future__ import annotations

import contextlib
import itertools
from contextvars import ContextVar
from typing import Any, Callable, Iterator, TypeVar

T = TypeVar("T")
_serials = itertools.count()


class Analysis:
    """Per-analysis state.  ``tables`` holds side tables keyed by their owner's name."""

    def __init__(self) -> None:
        self.serial = next(_serials)
        self.lower_bounds: dict[str, int] = {}  # symbol -> least value (data dims >= 1)
        self.upper_bounds: dict[str, int] = {}  # symbol -> exclusive bound (random draws)
        self.symbols_cache: dict[int, tuple[Any, frozenset[str]]] = {}
        self.tables: dict[str, Any] = {}
        self._names = itertools.count()

    def fresh_name(self, hint: str) -> str:
        """A symbol name unique across analyses (the serial) and stable within one."""
        return f"{hint}!{self.serial}.{next(self._names)}"

    def table(self, key: str, factory: Callable[[], T]) -> T:
        """The side table ``key`` of this analysis, made by ``factory`` on first use."""
        found = self.tables.get(key)
        if found is None:
            found = self.tables[key] = factory()
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
