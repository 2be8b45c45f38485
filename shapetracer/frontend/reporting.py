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
from shapetracer.rules.message import Message
from shapetracer.frontend.run import Run


@dataclass
class Report:
    """A raw report from a spec, before suppression and formatting."""

    code: str
    message: Message  # its text and facts
    site: Origin
    related: list[Origin]
    confidence: str = "definite"


class Reporter:
    """Collects reports (each once per site, code and message) and makes sites."""

    def __init__(self, run: Run):
        self.run = run
        self.reports: list[Report] = []
        self._seen: set[tuple] = set()
        self.catch = FailureCatch()  # findings a call holds back to say them itself
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
        self.reports.append(Report(code, message, site, related or [], confidence))

    def check_api(self, finding, node: cst.CSTNode) -> None:
        """Report an API change (constraints.core.api_changes) found at ``node``, unless a
        ``try`` around it (here or in a caller) catches what it raises: ``try: from
        tensorflow.contrib import rnn`` / ``except ImportError:`` is a program that runs."""
        if finding is None:
            return
        bases = api_changes.EXCEPTION_BASES[finding.raises]
        if any(caught is None or not caught.isdisjoint(bases) for caught in self.run.guards):
            return
        self.report(finding.code, finding.message, self.site(node))

    def site(self, node: cst.CSTNode) -> Origin:
        run = self.run
        place = run.current_place  # where the node is, should a report name it
        if type(place) is cst.SimpleStatementLine:
            run.scope.hint(node, place)
        elif place is not None:
            run.scope.hint_header(node, place)
        return Origin(run.scope.path, node, run.scope)
