"""The files a run reads and writes, in the order it makes its calls (for ST502).

Every call the interpreter makes passes through ``FileRecorder.observe`` with the callee and
the argument values: a library function by its canonical name, a library object's method
by its name (constraints/core/files.py says what each does to which path).  What is
recorded is the access, where the call stands, and whether it surely runs: not under a
branch or loop the analysis could not decide, nor in a function nobody calls (analysed
once with unknown arguments).  The file check (projectchecks/files.py) judges the record
against the job's files once the run is over.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from shapetracer.constraints.core.files import Access, accesses
from shapetracer.domain.dims import Origin
from shapetracer.domain.values import UNKNOWN, ApiRef, BoundMethod, Value


class FileRecorder:
    """The run's file accesses; a part of the interpreter the Evaluator tells of each call."""

    def __init__(self, site: Callable[[cst.CSTNode], Origin]) -> None:
        self.site = site  # makes a call's place (Reporter.site)
        self.events: list[tuple[Access, Origin, bool]] = []  # (access, call site, surely runs)
        self.uncalled = 0  # > 0 while functions nobody calls are analysed

    def observe(self, func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.CSTNode,
                undecided: bool) -> None:
        """Record what the call at ``node`` does to files."""
        found = _accesses(func, args, kwargs, node)
        if found:
            origin = self.site(node)
            decided = not undecided and not self.uncalled
            self.events.extend((access, origin, decided) for access in found)


def _accesses(func: Value, args: list[Value], kwargs: dict[str, Value], node: cst.CSTNode) -> list[Access]:
    if isinstance(func, ApiRef):
        return accesses(func.qualname, args, kwargs)
    if isinstance(func, BoundMethod):
        if func.function is not None:
            return []  # the program's own method: its body's calls speak for it
        return accesses(func.name, args, kwargs, method=True, receiver=func.receiver)
    if func is UNKNOWN and isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return accesses(node.func.attr.value, args, kwargs, method=True)  # a library object not modelled
    return []
