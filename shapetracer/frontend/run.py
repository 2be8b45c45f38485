"""The state every part of the interpreter shares while it analyses one file.

The interpreter is made of parts with one job each (``frontend/interpreter.py`` lists
them).  What they all read and write lives here, in one object each part holds: the path
being executed and its module, the statement line that names report positions, how deep
the code being run is in branches that may not run, the step budget, the call stack and
the closures of the frames on it, and the analysis settings.  A part's own caches stay
on the part; nothing one part needs is an attribute another part happens to set.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Callable, TypeVar

import libcst as cst

from shapetracer.constraints.core.spec import TF1Graph
from shapetracer.domain.bounds import Bounds
from shapetracer.domain.facts import SolverLimits
from shapetracer.domain.state import State
from shapetracer.domain.target import Target
from shapetracer.domain.values import Value
from shapetracer.frontend.scope import ModuleScope

R = TypeVar("R")


class BudgetExceeded(Exception):
    """Raised internally when a file exceeds its step budget."""


class Cancelled(BaseException):
    """The analysis is no longer wanted (an editor's newer text supersedes it).  A
    ``BaseException``, like ``KeyboardInterrupt``: the interpreter's guards against its own
    bugs (``except Exception``) must let it through, and nothing reports it as a finding."""


_cancel = threading.local()  # per analysis thread: the predicate that says a run is stale


@contextmanager
def cancellable(stale: Callable[[], bool]):
    """Runs on this thread raise ``Cancelled`` soon after ``stale()`` turns true (it is asked
    every few hundred steps, so it must be cheap)."""
    previous = getattr(_cancel, "stale", None)
    _cancel.stale = stale
    try:
        yield
    finally:
        _cancel.stale = previous


def check_cancelled() -> None:
    """Between the steps of a pass that are not runs (a parse, pyflakes): ``Cancelled`` if
    this thread's analysis is stale."""
    stale = getattr(_cancel, "stale", None)
    if stale is not None and stale():
        raise Cancelled()


class Run:
    """One analysis in progress: settings, the current path and place, the budget, the frames."""

    __slots__ = ("bounds", "limits", "possible_failures", "target", "graph", "flags", "state", "scope",
                 "current_place", "undecided", "approximations", "steps", "started", "call_stack", "closures",
                 "called", "yields", "guards", "callers", "open_kwargs", "saved_files")

    def __init__(self, bounds: Bounds, limits: SolverLimits, possible_failures: bool, target: Target):
        self.bounds = bounds
        self.limits = limits
        self.possible_failures = possible_failures
        self.target = target
        self.graph = TF1Graph()  # TF1 graph building: mode, variables, summaries, scopes
        self.flags: dict[str, Value] = {}  # tf.app.flags / absl.flags, outside the paths
        self.saved_files: dict = {}  # np.save into a fresh folder, outside the paths (numpy/files)
        self.state: State | None = None  # the path being executed
        self.scope: ModuleScope | None = None  # module of the code being executed
        # the statement line being run, or the ``with`` whose items are being evaluated
        self.current_place: cst.SimpleStatementLine | cst.With | None = None
        # > 0 while executing a branch that may not run (an undecided `if`, a summarised loop
        # body): state kept outside the paths (flags) then only widens
        self.undecided = 0
        self.approximations = 0  # forks and loop summaries so far (a generator's yields are exact without)
        self.steps = 0
        self.started = time.thread_time()
        self.call_stack: list[cst.CSTNode] = []  # the function nodes being analysed, outermost first
        # per frame on the call stack: the environments its function closes over
        self.closures: list[list[dict[str, Value]]] = []
        self.called: set[int] = set()  # ids of FunctionDef nodes analysed at a call site
        # the call about to be made spreads ``**d`` of a dict whose keys are not all known, so
        # the callee's ``**kwargs`` may hold more than the names it was given
        self.open_kwargs = False
        self.yields: list[list[Value]] = []  # per generator being expanded: what it yielded so far
        # the exceptions each enclosing ``try`` body's handlers catch, innermost last (None: a
        # bare ``except``): an API change that raises one of them is guarded, not reported
        self.guards: list[frozenset[str] | None] = []
        # per frame entered from another place (a call of a user function, a module's import):
        # the module and statement it was entered from, outermost first; a report made inside
        # keeps them as the trail that reaches it from the entry file
        self.callers: list[tuple[ModuleScope, cst.CSTNode | None]] = []

    def restart_budget(self) -> None:
        """A fresh step and time budget: each imported module's functions that no call
        reached get what the module would have had if checked on its own."""
        self.steps = 0
        self.started = time.thread_time()

    def tick(self) -> None:
        """One more node evaluated: past the step or time budget, the rest of the file is given up."""
        self.steps += 1
        if self.steps > self.bounds.steps:
            raise BudgetExceeded("step")
        if self.steps % 512 == 0:
            # CPU time of this thread, not the wall clock: a loaded machine (or a pool's other
            # workers) must not change what a file's analysis finds
            if time.thread_time() - self.started > self.bounds.seconds:
                raise BudgetExceeded("time")
            stale = getattr(_cancel, "stale", None)
            if stale is not None and stale():
                raise Cancelled()

    def with_state(self, state: State, fn: Callable[[], R]) -> R:
        """``fn()`` run on the path ``state``."""
        previous, self.state = self.state, state
        try:
            return fn()
        finally:
            self.state = previous
