"""Reports: what specs and the interpreter's parts find, at a site they name.

A site is a node of the module being run.  Where the node sits is computed only when a
finding is shown (``ModuleScope.position``); the reporter leaves a hint for it, the
statement line (or ``with`` header) being run, so that placing it needs that line alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from shapetracer.constraints.core import api_changes
from shapetracer.constraints.core.tracing import FailureCatch
from shapetracer.domain.dims import Origin
from shapetracer.domain.values import Value
from shapetracer.rules import codes
from shapetracer.rules.message import Message
from shapetracer.frontend.run import Run

# The errors that are shape, dtype or container conflicts (an API change or a Python bug is
# one line's own: it repeats and follows nothing).
_CONFLICT_CODES = frozenset(rule.code for rule in codes.RULES.values()
                            if rule.severity == "error" and rule.family in ("shape", "dtype", "container"))


@dataclass
class Report:
    """A raw report from a spec, before suppression and formatting."""

    code: str
    message: Message  # its text and facts
    site: Origin
    related: list[Origin]
    confidence: str = "definite"
    # the places the entry file reached the site through, outermost first: each call of a user
    # function and each import on the way (empty for a site the entry reaches directly)
    trail: tuple[Origin, ...] = ()


class Reporter:
    """Collects reports (each once per site, code and message) and makes sites."""

    def __init__(self, run: Run):
        self.run = run
        self.reports: list[Report] = []
        self._seen: set[tuple] = set()
        self.catch = FailureCatch()  # findings a call holds back to say them itself
        self._conflicts: list[frozenset[int]] = []  # node ids of each definite error's conflict, in order
        self._worded: dict[tuple[str, Message], list[frozenset[int]]] = {}  # the same, by code and message
        # assignments, for `shapetracer shapes`, fixes and hovers; None: not kept
        self.shape_log: list[tuple[Origin, Value]] | None = []

    def report(self, code: str, message: Message, site: Origin, related: list[Origin] | None = None,
               confidence: str = "definite") -> None:
        if self.catch.take(code, message, site, related, confidence):
            return
        key = (site.path, id(site.node), code, message.text)
        if key in self._seen:
            return
        self._seen.add(key)
        if confidence == "definite" and code in _CONFLICT_CODES \
                and self._follows(code, message, site, related or []):
            return
        trail = tuple(Origin(scope.path, place, scope) for scope, place in self.run.callers
                      if scope is not None and place is not None)
        self.reports.append(Report(code, message, site, related or [], confidence, trail))

    def _follows(self, code: str, message: Message, site: Origin, related: list[Origin]) -> bool:
        """Whether a definite error only repeats or follows from one reported before.

        After an error the analysis goes on; a failed op's result is unknown where its
        failure leaves it undefined, so nothing computed from it clashes again.  A later
        error is still the earlier one again when
        - it names an op whose run-time check already failed (in graph mode an op keeps its
          static result, and a later run's ops built on it clash for the same reason);
        - its conflict lies within an earlier one's (the same wrong array fed to the same
          placeholder by a training and an evaluation run);
        - it says what an earlier one said (the same message: template and facts) and their
          conflicts share a node, or it names none
          (the training and validation slices of one wrongly sized array given to ``fit``
          and to ``evaluate``; one wrong argument reaching three ``get_variable`` calls).
        What the failing statement made itself (the slice ``x[:8]`` it feeds) is its own and
        tells nothing apart.  With other facts (two slices of one vector, each reshaped to its
        own wrong size), both stand.  The first is reported, where a real run stops."""
        run = self.run
        nodes = frozenset(id(origin.node) for origin in related
                          if not (origin.locator is run.scope and run.scope.made_on(origin.node, run.current_place)))
        if nodes & run.graph.failed_sites:
            return True
        if nodes and any(nodes <= earlier for earlier in self._conflicts):
            return True
        worded = self._worded.setdefault((code, message), [])
        if any(not nodes or nodes & earlier for earlier in worded):
            return True  # the same words over a shared conflict: one wrong value met again
        conflict = nodes | {id(site.node)}
        self._conflicts.append(conflict)
        worded.append(conflict)
        return False

    def check_api(self, finding, node: cst.CSTNode) -> None:
        """Report an API change (constraints.core.api_changes) found at ``node``, unless a
        ``try`` around it (here or in a caller) catches what it raises: ``try: from
        tensorflow.contrib import rnn`` / ``except ImportError:`` is a program that runs."""
        if finding is None:
            return
        self.check_raising(finding.code, finding.message, node, finding.raises)

    def check_raising(self, code: str, message: Message, node: cst.CSTNode, raises: str) -> None:
        """Report a finding whose line raises ``raises`` (a name of api_changes.EXCEPTION_BASES),
        unless a ``try`` around it, here or in a caller, catches that."""
        bases = api_changes.EXCEPTION_BASES[raises]
        if any(caught is None or not caught.isdisjoint(bases) for caught in self.run.guards):
            return
        self.report(code, message, self.site(node))

    def site(self, node: cst.CSTNode) -> Origin:
        run = self.run
        place = run.current_place  # where the node is, should a report name it
        if type(place) is cst.SimpleStatementLine:
            run.scope.hint(node, place)
        elif place is not None:
            run.scope.hint_header(node, place)
        return Origin(run.scope.path, node, run.scope)
